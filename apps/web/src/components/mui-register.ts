import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * react-hook-form's register() for an MUI TextField: the ref must reach the
 * <input> (inputRef), not the wrapper, so focus-on-error works.
 */
export function muiRegister<Name extends string>({ ref, ...rest }: UseFormRegisterReturn<Name>) {
  return { ...rest, inputRef: ref };
}
