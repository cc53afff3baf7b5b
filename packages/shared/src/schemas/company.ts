import { z } from "zod";
import { RECURRENCES } from "../enums.js";
import { documentDigits, isValidCpfCnpj } from "../tax-id.js";
import { looseBoolean, MAX_DB_INT } from "./common.js";
import { companyScheduleDayDto } from "./settings.js";
import { DOCUMENT_INVALID } from "./signup.js";

/** Companies of the platform (spec 2 sections 3 to 9): the super user's company form and table. */

export type Recurrence = (typeof RECURRENCES)[number];

/** Rows per page of GET /companies and GET /companiesPlan/. */
export const COMPANIES_PAGE_SIZE = 20;

/** Spec 2 section 5, Company. */
export const COMPANY_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  emailRequired: "E-mail é obrigatório",
  emailInvalid: "Email é inválido",
  planRequired: "Plano é obrigatório",
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (2025-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Spec 2 section 4: "an empty or invalid dueDate is sent as null". A date-time keeps its date part
 * (what a date picker or an older client may send); anything else is no due date.
 */
export const dueDateField = z.preprocess((value) => {
  if (typeof value !== "string") return null;
  const day = value.trim().slice(0, 10);
  return isCalendarDate(day) ? day : null;
}, z.string().nullable());

const companyName = z
  .string({ error: COMPANY_MESSAGES.nameRequired })
  .trim()
  .min(2, COMPANY_MESSAGES.nameRequired)
  .max(50, "Too Long!");

const companyEmail = z
  .string({ error: COMPANY_MESSAGES.emailRequired })
  .trim()
  .min(1, COMPANY_MESSAGES.emailRequired)
  .max(254, COMPANY_MESSAGES.emailInvalid)
  .pipe(z.email(COMPANY_MESSAGES.emailInvalid))
  .transform((v) => v.toLowerCase());

const planId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ error: COMPANY_MESSAGES.planRequired })
    .int(COMPANY_MESSAGES.planRequired)
    .positive(COMPANY_MESSAGES.planRequired)
    .max(MAX_DB_INT, COMPANY_MESSAGES.planRequired),
);

/** Text fields a form sends empty when not filled: stored as null. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z
      .string()
      .trim()
      .max(max, "Too Long!")
      .transform((v) => (v === "" ? null : v)),
  );

/** Optional CPF or CNPJ, checked by its check digits when given; stored as digits. */
const document = z.preprocess(
  (value) => (value === null || value === undefined ? "" : value),
  z
    .string()
    .trim()
    .max(30, DOCUMENT_INVALID)
    .refine((v) => v === "" || isValidCpfCnpj(v), DOCUMENT_INVALID)
    .transform((v) => (v === "" ? null : documentDigits(v))),
);

/** Spec 2 section 5: the company's own users and connections limits are whole numbers, 0 or more. */
export const COMPANY_LIMIT_MESSAGE = "Informe um número inteiro, 0 ou mais";

/**
 * numberAttendants / numberConections: the company's own limit of users or connections, a whole
 * number (0 or more; digits in a string, as a form sends them, are read); empty or null is none,
 * so the plan's limit applies.
 */
const companyLimit = z.preprocess((value) => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === "string") {
    const text = value.trim();
    return text === "" ? null : /^\d+$/.test(text) ? Number(text) : value;
  }
  return value;
}, z
  .number({ error: COMPANY_LIMIT_MESSAGE })
  .int(COMPANY_LIMIT_MESSAGE)
  .min(0, COMPANY_LIMIT_MESSAGE)
  .max(MAX_DB_INT, COMPANY_LIMIT_MESSAGE)
  .nullable());

const recurrence = z.enum(RECURRENCES, {
  error: `One of ${RECURRENCES.join(", ")}`,
});

/** Fields both the create and the update take (the update only those given). */
const companyFields = {
  name: companyName,
  email: companyEmail,
  phone: optionalText(30),
  planId,
  status: looseBoolean,
  dueDate: dueDateField,
  recurrence,
  document,
  paymentMethod: optionalText(50),
  addressStreet: optionalText(200),
  addressState: optionalText(100),
  addressCity: optionalText(100),
  numberAttendants: companyLimit,
  numberConections: companyLimit,
};

/**
 * POST /companies. The e-mail and password make the company's first admin, who can sign in at once
 * (the e-mail is unique among users: ERR_USER_EMAIL_ALREADY_EXISTS); the name is unique among
 * companies (ERR_COMPANY_NAME_ALREADY_EXISTS).
 */
export const companyCreateSchema = z.object({
  ...companyFields,
  status: looseBoolean.optional().default(true),
  dueDate: dueDateField.optional().default(null),
  recurrence: recurrence.optional().default("MENSAL"),
  phone: companyFields.phone.optional(),
  document: companyFields.document.optional(),
  paymentMethod: companyFields.paymentMethod.optional(),
  addressStreet: companyFields.addressStreet.optional(),
  addressState: companyFields.addressState.optional(),
  addressCity: companyFields.addressCity.optional(),
  numberAttendants: companyLimit.optional().default(null),
  numberConections: companyLimit.optional().default(null),
  password: z.string({ error: "Required" }).min(5, "Too Short!").max(50, "Too Long!"),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreateBody = z.output<typeof companyCreateSchema>;

/** PUT /companies/{id}: the fields given change (the form sends them all); `password` is ignored here. */
export const companyUpdateSchema = z.object(companyFields).partial();
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;
export type CompanyUpdateBody = z.output<typeof companyUpdateSchema>;

/** DELETE /companies/{id}: the company's name as the super user typed it to confirm. */
export const companyDeleteSchema = z
  .object({ name: z.string().max(200).optional() })
  .nullish()
  .transform((value) => value ?? {});

export const companyListQuery = z.object({
  searchParam: z.string().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
});

export const companyPlanRefDto = z.object({
  id: z.number(),
  name: z.string(),
  amount: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
});

export const companyDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: z.number(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: z.string(),
  document: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  addressStreet: z.string().nullable(),
  addressState: z.string().nullable(),
  addressCity: z.string().nullable(),
  /** The company's own limits; null: the plan's users / connections apply. */
  numberAttendants: z.number().nullable(),
  numberConections: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Bytes in the company's storage folder, as last measured (the `companies.measure-folders` job). */
  folderSize: z.number(),
  numberFileFolder: z.number(),
  updatedAtFolder: z.string().nullable(),
  plan: companyPlanRefDto,
  planName: z.string(),
  planAmount: z.string(),
});
export type CompanyDto = z.infer<typeof companyDto>;

/**
 * GET /companies/{id}: a super user reads every field of any company; any other user only their own
 * company's id, name and business hours (the settings panel's schedules tab).
 */
export const companyDetailDto = companyDto
  .omit({ id: true, name: true })
  .partial()
  .extend({ id: z.number(), name: z.string(), schedules: z.array(companyScheduleDayDto) });
export type CompanyDetailDto = z.infer<typeof companyDetailDto>;

export const companyPageDto = z.object({
  companies: z.array(companyDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type CompanyPageDto = z.infer<typeof companyPageDto>;

/** GET /companies/list: every company, for pickers. */
export const companyOptionDto = z.object({ id: z.number(), name: z.string(), status: z.boolean() });
export type CompanyOptionDto = z.infer<typeof companyOptionDto>;

/** Live progress of a company deletion, to the super user who asked (`company-{id}-companyDeletion`). */
export interface CompanyDeletionPayload {
  action: "update";
  companyId: number;
  companyName: string;
  done: number;
  total: number;
  finished: boolean;
  /** Set when the deletion stopped on an error; it is retried by the job. */
  error?: string;
}
