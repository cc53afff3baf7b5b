import { z } from "zod";

/** Settings reads of spec 1 section 7 (the writes belong to the administration area). */
export const settingDto = z.object({ key: z.string(), value: z.string().nullable() });
export type SettingDto = z.infer<typeof settingDto>;

export const settingKeyParam = z.object({ key: z.string().min(1).max(100) });

/** GET /companySettings/{id}: the company's attendance settings as one object, keyed by setting. */
export const companySettingsDto = z.record(z.string(), z.string().nullable());

/** GET /companySettingOne?column=requiredTag answers { requiredTag: "disabled" }. */
export const companySettingOneQuery = z.object({ column: z.string().min(1, "Required").max(100) });
