import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordSchema } from "@inbox/shared";
import { Button } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PasswordField } from "../../components/PasswordField";

export type ResetValues = z.output<typeof resetPasswordSchema>;

interface ResetPasswordFormProps {
  token: string;
  onSubmit: (values: ResetValues) => Promise<void>;
}

/** New password and confirmation with the spec's messages (spec 2 section 5). */
export function ResetPasswordForm({ token, onSubmit }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <input type="hidden" {...register("token")} />
      <PasswordField
        {...register("password")}
        id="reset-password"
        label={t("auth.reset.password")}
        autoComplete="new-password"
        autoFocus
        fullWidth
        margin="normal"
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? errors.token?.message}
      />
      <PasswordField
        {...register("confirmPassword")}
        id="reset-confirm-password"
        label={t("auth.reset.confirmPassword")}
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 1 }} disabled={isSubmitting}>
        {t("auth.reset.submit")}
      </Button>
    </form>
  );
}
