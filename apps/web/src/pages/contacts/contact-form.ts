import { type ContactDto, type ContactUpdateInput, contactFormSchema } from "@inbox/shared";
import type { z } from "zod";
import type { ContactCreateBody } from "../../api/contact-list";
import { formatPhone } from "./phone-format";

/** The contact modal's form: the shared schema (name 2 to 50, number 8 to 50 digits, e-mail valid). */
export const contactModalSchema = contactFormSchema;
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;
export type ContactFormField = "name" | "number" | "email" | "walletUserId";

export function toFormValues(contact: ContactDto | undefined, phoneCountry?: string): ContactFormInput {
  return {
    name: contact?.name ?? "",
    number: contact ? formatPhone(contact.number, phoneCountry) : "",
    email: contact?.email ?? "",
    disableBot: contact?.disableBot ?? false,
    walletUserId: contact?.walletUserId ?? null,
    extraInfo: contact?.extraInfo.map(({ id, name, value }) => ({ id, name, value })) ?? [],
  };
}

/** Only admins choose a contact's wallet user: for anyone else the field is shown, never sent. */
export function toCreateBody(
  values: ContactFormValues,
  options: { canSetWallet: boolean },
): ContactCreateBody {
  const { walletUserId, ...rest } = values;
  return options.canSetWallet ? { ...rest, walletUserId } : rest;
}

/**
 * An edit's body. A user who sees the number masked (LGPD) never sends it:
 * the mask is not a number, and the number is not theirs to change. The
 * wallet user goes only from admins.
 */
export function toUpdateBody(
  values: ContactFormValues,
  options: { numberHidden: boolean; canSetWallet: boolean },
): ContactUpdateInput {
  const { number, walletUserId, ...rest } = values;
  return {
    ...rest,
    ...(options.numberHidden ? {} : { number }),
    ...(options.canSetWallet ? { walletUserId } : {}),
  };
}
