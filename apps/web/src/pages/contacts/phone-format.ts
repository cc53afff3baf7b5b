import { DEFAULT_PHONE_COUNTRY, formatPhoneNumber, toE164Digits, type UserDto } from "@inbox/shared";
import { useAuth } from "../../app/auth/auth-context";

/**
 * Phone numbers on screen (docs/PHONE-NUMBERS.md), one rule everywhere (contact
 * list, contact form, drawer, ticket header, contact lists): a number of the
 * company's `phoneDefaultCountry` in its national format ('(11) 98888-7777'),
 * any other in the international one ('+1 415 555 2671'). LGPD masks, group ids
 * and Messenger/Instagram ids are shown as they are.
 */

/** The signed-in user's company's phoneDefaultCountry (the login answer's copy, kept live by SettingsEvents). */
export function companyPhoneCountry(user: UserDto | null | undefined): string {
  return (
    user?.company?.companieSettings?.find((s) => s.key === "phoneDefaultCountry")?.value ??
    DEFAULT_PHONE_COUNTRY
  );
}

/** A stored number (E.164 digits) as people read it. */
export function formatPhone(number: string, country?: string | null): string {
  return formatPhoneNumber(number, country);
}

/** A number as typed, shown formatted once it is a phone number in the company's country; else as typed. */
export function formatTypedPhone(typed: string, country?: string | null): string {
  const parsed = toE164Digits(typed, country);
  return parsed.ok ? formatPhoneNumber(parsed.digits, country) : typed;
}

/** Whether a typed number can be stored (the server's rule: toE164Digits in the company's country). */
export function isTypedPhoneValid(typed: string, country?: string | null): boolean {
  return toE164Digits(typed, country).ok;
}

/** The formatter of the signed-in user's company. */
export function usePhoneFormat(): (number: string) => string {
  const { user } = useAuth();
  const country = companyPhoneCountry(user);
  return (number) => formatPhone(number, country);
}

/** The signed-in user's company's country for reading typed numbers. */
export function usePhoneCountry(): string {
  return companyPhoneCountry(useAuth().user);
}
