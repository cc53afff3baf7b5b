import { z } from "zod";
import { documentDigits, isValidCpfCnpj } from "../tax-id.js";
import { MAX_DB_INT } from "./common.js";

/** Spec 2 section 5's message for a document that is neither a CPF nor a CNPJ. */
export const DOCUMENT_INVALID = "CPF/CNPJ inválido";

const name = z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!");
/** A select's empty value ("" or nothing) is a missing plan, not an invalid one. */
const requiredId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number({ error: "Required" }).int("Required").positive("Required").max(MAX_DB_INT),
);

/**
 * POST /auth/signup (spec 2 sections 4 and 5), also the /signup form's
 * schema. `companyId` is the page's optional query parameter: accepted and
 * ignored, since a public call must never add a user to an existing company;
 * a signup always creates a new one.
 */
export const signupSchema = z.object({
  name,
  email: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(254, "Too Long!")
    .pipe(z.email("Invalid email"))
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: "Required" }).min(5, "Too Short!").max(50, "Too Long!"),
  phone: z.string({ error: "Required" }).trim().min(1, "Required").max(30, "Too Long!"),
  companyId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
  ),
  document: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(30, DOCUMENT_INVALID)
    .refine(isValidCpfCnpj, DOCUMENT_INVALID)
    .transform(documentDigits),
  companyName: name,
  planId: requiredId,
});
export type SignupInput = z.input<typeof signupSchema>;
export type SignupBody = z.output<typeof signupSchema>;

/** POST /auth/signup's answer: the new company and its admin, who can sign in at once. */
export const signupResponseDto = z.object({
  companyId: z.number(),
  userId: z.number(),
  dueDate: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseDto>;
