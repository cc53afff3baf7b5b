import { type ContactDto, type ContactUpdateInput, contactFormSchema } from "@inbox/shared";
import type { z } from "zod";
import type { ContactCreateBody } from "../../api/contact-list";
import { formatPhone } from "./phone-format";

/** The contact modal's form: the shared schema (name 2 to 50, number 8 to 50 digits, e-mail valid). */
export const contactModalSchema = contactFormSchema;
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;
export type ContactFormField = "name" | "number" | "email";

export function toFormValues(contact: ContactDto | undefined): ContactFormInput {
  return {
    name: contact?.name ?? "",
    number: contact ? formatPhone(contact.number) : "",
    email: contact?.email ?? "",
    disableBot: contact?.disableBot ?? false,
    extraInfo: contact?.extraInfo.map(({ id, name, value }) => ({ id, name, value })) ?? [],
  };
}

export function toCreateBody(values: ContactFormValues): ContactCreateBody {
  return { ...values };
}

/**
 * An edit's body. A user who sees the number masked (LGPD) never sends it:
 * the mask is not a number, and the number is not theirs to change.
 */
export function toUpdateBody(
  values: ContactFormValues,
  options: { numberHidden: boolean },
): ContactUpdateInput {
  const { number, ...rest } = values;
  return options.numberHidden ? rest : { ...rest, number };
}
