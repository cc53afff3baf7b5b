import type { UseFormSetError } from "react-hook-form";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../app/toast/toast-error";
import type { UserFormField, UserFormInput } from "./user-form-schema";

const FORM_FIELDS: readonly UserFormField[] = [
  "name",
  "email",
  "password",
  "profile",
  "startWork",
  "endWork",
  "farewellMessage",
  "queueIds",
  "whatsappId",
];

function isFormField(field: string | undefined): field is UserFormField {
  return FORM_FIELDS.includes(field as UserFormField);
}

/**
 * Puts a field-type server error under its field. Returns false when the
 * error is not about a field the form shows (the caller toasts it instead).
 */
export function applyServerError(error: unknown, setError: UseFormSetError<UserFormInput>): boolean {
  if (!isApiError(error)) return false;
  if (error.code === "ERR_USER_EMAIL_ALREADY_EXISTS") {
    setError("email", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
    return true;
  }
  if (error.code !== "ERR_VALIDATION") return false;
  const issues = error.issues?.length ? error.issues : [{ field: error.field ?? "", message: error.message }];
  let applied = false;
  for (const issue of issues) {
    if (!isFormField(issue.field)) continue;
    setError(issue.field, { type: "server", message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
