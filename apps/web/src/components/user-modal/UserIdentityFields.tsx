import { Stack, TextField } from "@mui/material";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "../mui-register";
import { PasswordField } from "../PasswordField";
import type { UserFormInput } from "./user-form-schema";

interface UserIdentityFieldsProps {
  register: UseFormRegister<UserFormInput>;
  errors: FieldErrors<UserFormInput>;
  editing: boolean;
}

/** Name, e-mail and password; validation messages are the spec's words. */
export function UserIdentityFields({ register, errors, editing }: UserIdentityFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextField
        {...muiRegister(register("name"))}
        label={t("userModal.fields.name")}
        autoComplete="off"
        autoFocus
        fullWidth
        required
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        {...muiRegister(register("email"))}
        label={t("userModal.fields.email")}
        type="email"
        autoComplete="off"
        fullWidth
        required
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <PasswordField
        {...register("password")}
        label={t("userModal.fields.password")}
        autoComplete="new-password"
        fullWidth
        required={!editing}
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? (editing ? t("userModal.fields.passwordKeep") : undefined)}
      />
    </Stack>
  );
}
