import {
  DEFAULT_PHONE_COUNTRY,
  INVALID_PHONE_CODE,
  INVALID_PHONE_MESSAGE,
  isPhoneCountry,
  toE164Digits,
} from "@inbox/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { companySettings } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";

/** How long a company's country is trusted without being read again (other processes' changes show within it). */
const DEFAULT_TTL_MS = 5_000;

/**
 * The company's `phoneDefaultCountry` (docs/PHONE-NUMBERS.md), read at most
 * once per company and period: every typed number (contact form, contact-list
 * items and imports, the Messages API) is read in it. A settings change calls
 * `invalidate`.
 */
export class PhoneCountries {
  private readonly known = new Map<number, { country: string; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: { ttlMs?: number } = {},
  ) {}

  async country(companyId: number): Promise<string> {
    const hit = this.known.get(companyId);
    if (hit && hit.expires > Date.now()) return hit.country;
    const [row] = await this.db
      .select({ country: companySettings.phoneDefaultCountry })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    const country = row && isPhoneCountry(row.country) ? row.country : DEFAULT_PHONE_COUNTRY;
    this.known.set(companyId, { country, expires: Date.now() + (this.options.ttlMs ?? DEFAULT_TTL_MS) });
    return country;
  }

  invalidate(companyId: number): void {
    this.known.delete(companyId);
  }

  /** A typed number as E.164 digits in the company's country, or 400 ERR_WAPP_INVALID_CONTACT (field `number`). */
  async e164(companyId: number, typed: string, field = "number"): Promise<string> {
    const parsed = toE164Digits(typed, await this.country(companyId));
    if (!parsed.ok) throw invalidPhone(field);
    return parsed.digits;
  }
}

export const invalidPhone = (field = "number") =>
  new AppError(INVALID_PHONE_CODE, { status: 400, field, message: INVALID_PHONE_MESSAGE });
