/**
 * Brazilian tax ids (spec 2 section 5: the signup's document is a CPF of 11
 * digits or a CNPJ of 14). Both end in two check digits computed modulo 11
 * from the digits before them; a number whose digits are all the same passes
 * that arithmetic and is refused explicitly, as the Receita Federal does.
 * Dots, dashes, slashes and spaces of the usual masks are ignored.
 */

/** The digits of a document as typed ("529.982.247-25" -> "52998224725"). */
export function documentDigits(value: string): string {
  return value.replace(/[\s./-]/g, "");
}

/** The check digit of `digits` with these position weights (modulo 11; remainders 0 and 1 give 0). */
function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function hasValidChecks(digits: string, length: number, first: readonly number[], second: readonly number[]) {
  if (digits.length !== length || !/^\d+$/.test(digits) || /^(\d)\1*$/.test(digits)) return false;
  return (
    checkDigit(digits, first) === Number(digits[length - 2]) &&
    checkDigit(digits, second) === Number(digits[length - 1])
  );
}

const CPF_FIRST = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_SECOND = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(value: string): boolean {
  return hasValidChecks(documentDigits(value), 11, CPF_FIRST, CPF_SECOND);
}

export function isValidCnpj(value: string): boolean {
  return hasValidChecks(documentDigits(value), 14, CNPJ_FIRST, CNPJ_SECOND);
}

/** A valid CPF or CNPJ, masked or not. */
export function isValidCpfCnpj(value: string): boolean {
  return isValidCpf(value) || isValidCnpj(value);
}
