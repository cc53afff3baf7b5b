import { zodResolver } from "@hookform/resolvers/zod";
import { loginFormSchema } from "@inbox/shared";
import { Button, TextField } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "../../components/mui-register";
import { PasswordField } from "../../components/PasswordField";

export type LoginValues = z.output<typeof loginFormSchema>;

interface LoginFormProps {
  onSubmit: (values: LoginValues) => Promise<void>;
}

/** E-mail and password, validated with the spec's messages (spec 2 section 5). */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginFormSchema>, unknown, LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "" },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        {...muiRegister(register("email"))}
        id="login-email"
        label={t("auth.login.email")}
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        margin="normal"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <PasswordField
        {...register("password")}
        id="login-password"
        label={t("auth.login.password")}
        autoComplete="current-password"
        fullWidth
        margin="normal"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={isSubmitting}>
        {t("auth.login.submit")}
      </Button>
    </form>
  );
}
