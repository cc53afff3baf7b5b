import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";

/**
 * Phone numbers (docs/PHONE-NUMBERS.md). The storage rule of this codebase: a
 * WhatsApp contact's number is the digits of its E.164 form without the '+'
 * (as WhatsApp's wa_id writes it: 5511988887777), with Brazil's mobiles in
 * their 13-digit form (55 + area code + 9 + 8 digits). Numbers typed by people
 * (contact form, contact-list items and imports, the Messages API) go through
 * `toE164Digits` with the company's default country (the `phoneDefaultCountry`
 * setting, 'BR' unless changed); numbers that channels deliver are already
 * international and only get `brazilNinthDigit`. Messenger and Instagram ids
 * and WhatsApp group ids are not phone numbers and are never parsed.
 */

/** The rule, as the API docs (OpenAPI descriptions of the routes that take a number) state it. */
export const PHONE_NUMBER_RULE =
  "number: any common format ('(11) 98888-7777', '11988887777', '+55 11 98888-7777', '0055 11 98888 7777', " +
  "'+1 (415) 555-2671'). Without a country code it is read in the company's phoneDefaultCountry setting (BR " +
  "unless changed); with '+' or 00 it is international; digits that are no national number are read as " +
  "international (5511988887777). Stored as the E.164 number's digits without '+' (5511988887777; Brazilian " +
  "mobiles with the ninth digit). What cannot be a phone number answers 400 ERR_WAPP_INVALID_CONTACT (field number).";

/** The default country of a company that has not chosen one (setting `phoneDefaultCountry`). */
export const DEFAULT_PHONE_COUNTRY = "BR";

/** Every country the phone library knows (ISO 3166-1 alpha-2), the choices of `phoneDefaultCountry`. */
export const PHONE_COUNTRIES: readonly string[] = [...getCountries()].sort();

export function isPhoneCountry(value: string): boolean {
  return PHONE_COUNTRIES.includes(value);
}

/** A country's calling code ('BR' -> '55'), for the setting's choices. */
export function phoneCountryCallingCode(country: string): string {
  return isPhoneCountry(country) ? getCountryCallingCode(country as CountryCode) : "";
}

/**
 * The error code of a number that cannot be a phone number: spec 1's "not a
 * valid number" (the web translates it as 'Este não é um número válido.').
 */
export const INVALID_PHONE_CODE = "ERR_WAPP_INVALID_CONTACT";
export const INVALID_PHONE_MESSAGE = "Not a valid phone number";

/**
 * Brazil's ninth digit: mobiles (subscriber starting 6 to 9) written with 8
 * digits, as older WhatsApp accounts' ids still are, get the 9; landlines (2 to
 * 5) never had it. `digits` is an international number without '+'.
 */
export function brazilNinthDigit(digits: string): string {
  if (digits.startsWith("55") && digits.length === 12 && /^[6-9]/.test(digits.slice(4)))
    return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  return digits;
}

export type PhoneParse = { ok: true; digits: string } | { ok: false; code: typeof INVALID_PHONE_CODE };

/** Digits, spaces, brackets, dots, dashes and slashes, with an optional leading '+'. */
const TYPED_PHONE = /^\+?[\d\s().\-/]+$/;

function countryOf(value: string | null | undefined): CountryCode {
  return (value && isPhoneCountry(value) ? value : DEFAULT_PHONE_COUNTRY) as CountryCode;
}

/** The E.164 digits of `text` read in `country`, if that reading is a valid number. */
function validDigits(text: string, country: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed) return undefined;
  const digits = brazilNinthDigit(`${parsed.countryCallingCode}${parsed.nationalNumber}`);
  if (digits === `${parsed.countryCallingCode}${parsed.nationalNumber}`)
    return parsed.isValid() ? digits : undefined;
  // The ninth digit changed the number: validate the 13-digit form.
  return parsePhoneNumberFromString(`+${digits}`)?.isValid() ? digits : undefined;
}

/**
 * A number as a person types it, in any common format, as the digits of its
 * E.164 form: '(11) 98888-7777', '11988887777', '011 98888 7777' (read in the
 * default country), '+55 11 98888-7777', '0055 11 98888 7777' (00 is the
 * international prefix) and '5511988887777' (digits that are not a valid
 * national number are read as international, as WhatsApp ids and the Messages
 * API's callers write them). Brazilian mobiles get the ninth digit. Anything
 * else, including numbers the library finds invalid for their country, is
 * refused with ERR_WAPP_INVALID_CONTACT.
 */
export function toE164Digits(input: string, defaultCountry?: string | null): PhoneParse {
  const text = input.trim();
  const refused = { ok: false, code: INVALID_PHONE_CODE } as const;
  if (!TYPED_PHONE.test(text)) return refused;
  let digits = text.replace(/\D/g, "");
  if (digits.length < 3 || digits.length > 17) return refused;
  const country = countryOf(defaultCountry);
  let international = text.startsWith("+");
  if (!international && digits.startsWith("00")) {
    digits = digits.slice(2);
    international = true;
  }
  const found =
    (international ? undefined : validDigits(digits, country)) ?? validDigits(`+${digits}`, country);
  return found ? { ok: true, digits: found } : refused;
}

/**
 * How the web shows a stored number (one rule everywhere): a valid number of
 * the company's own country in its national format ('(11) 98888-7777'), any
 * other valid number in the international format ('+1 415 555 2671'). What is
 * not a valid phone number (a masked number under LGPD, a group id, a
 * Messenger or Instagram id) is shown as it is.
 */
export function formatPhoneNumber(stored: string, companyCountry?: string | null): string {
  if (!/^\+?\d{3,15}$/.test(stored)) return stored;
  const parsed = parsePhoneNumberFromString(stored.startsWith("+") ? stored : `+${stored}`);
  if (!parsed?.isValid()) return stored;
  return parsed.country === countryOf(companyCountry)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/**
 * A number stored before numbers were kept in E.164, typed the Brazilian way
 * ('11988887777' or '1188887777': area code and subscriber, 10 or 11 digits),
 * as its E.164 digits ('5511988887777', with the ninth digit). Null when
 * `stored` is not such a number, including when its digits are already a valid
 * international number (a WhatsApp id of another country such as German
 * '4930123456'): what ingest stored is never rewritten.
 */
export function legacyBrazilianNumber(stored: string): string | null {
  if (!/^\d{10,11}$/.test(stored)) return null;
  if (parsePhoneNumberFromString(`+${stored}`)?.isValid()) return null;
  return validDigits(stored, "BR") ?? null;
}
