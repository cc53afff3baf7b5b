import {
  COMPANY_LIMIT_MESSAGE,
  COMPANY_MESSAGES,
  type CompanyDto,
  companyCreateSchema,
  DOCUMENT_INVALID,
  type RECURRENCES,
} from "@inbox/shared";
import { z } from "zod";
import i18n from "../../../i18n";

/** The form's values as the inputs hold them (text inputs and selects). */
export interface CompanyFormInput {
  name: string;
  email: string;
  phone: string;
  planId: number | "";
  status: boolean;
  dueDate: string;
  recurrence: (typeof RECURRENCES)[number];
  document: string;
  paymentMethod: string;
  addressStreet: string;
  addressCity: string;
  addressState: string;
  /** The company's own limits, digits as typed; empty: the plan's. */
  numberAttendants: string;
  numberConections: string;
  password: string;
}

/** Creating: the shared schema as the server checks it (the password makes the first admin). */
export const companyCreateFormSchema = companyCreateSchema;
/** Editing: the same rules; the password is not sent. */
export const companyEditFormSchema = companyCreateSchema
  .omit({ password: true })
  .extend({ password: z.string().optional() })
  .transform(({ password: _password, ...rest }) => rest);

export function emptyCompanyForm(): CompanyFormInput {
  return {
    name: "",
    email: "",
    phone: "",
    planId: "",
    status: true,
    dueDate: "",
    recurrence: "MENSAL",
    document: "",
    paymentMethod: "",
    addressStreet: "",
    addressCity: "",
    addressState: "",
    numberAttendants: "",
    numberConections: "",
    password: "",
  };
}

export function toCompanyForm(company: CompanyDto): CompanyFormInput {
  return {
    name: company.name,
    email: company.email ?? "",
    phone: company.phone ?? "",
    planId: company.planId,
    status: company.status,
    dueDate: company.dueDate ?? "",
    recurrence: (company.recurrence as CompanyFormInput["recurrence"]) ?? "MENSAL",
    document: company.document ?? "",
    paymentMethod: company.paymentMethod ?? "",
    addressStreet: company.addressStreet ?? "",
    addressCity: company.addressCity ?? "",
    addressState: company.addressState ?? "",
    numberAttendants: company.numberAttendants === null ? "" : String(company.numberAttendants),
    numberConections: company.numberConections === null ? "" : String(company.numberConections),
    password: "",
  };
}

/** The shared schema's messages (spec 2 section 5, Portuguese) as translation keys. */
const MESSAGE_KEYS: Record<string, string> = {
  [COMPANY_MESSAGES.nameRequired]: "companies.errors.name",
  [COMPANY_MESSAGES.emailRequired]: "companies.errors.emailRequired",
  [COMPANY_MESSAGES.emailInvalid]: "companies.errors.emailInvalid",
  [COMPANY_MESSAGES.planRequired]: "companies.errors.planRequired",
  [DOCUMENT_INVALID]: "companies.errors.document",
  [COMPANY_LIMIT_MESSAGE]: "companies.errors.limit",
};
/** Fields whose one rule a single text says (length limits and the like). */
const FIELD_KEYS: Record<string, string> = {
  name: "companies.errors.name",
  password: "companies.errors.password",
  phone: "companies.errors.tooLong",
  paymentMethod: "companies.errors.tooLong",
  addressStreet: "companies.errors.tooLong",
  addressCity: "companies.errors.tooLong",
  addressState: "companies.errors.tooLong",
};

/** The text under a company field, in the interface language. */
export function companyErrorText(message: string | undefined, field: string): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message] ?? FIELD_KEYS[field];
  return key ? i18n.t(key as "companies.errors.name") : message;
}

/** Bytes as B, KB, MB or GB with one decimal (the folder-size column). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
