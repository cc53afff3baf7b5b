import { zodResolver } from "@hookform/resolvers/zod";
import { recoverPasswordSchema } from "@inbox/shared";
import { Alert, Button, Link, TextField, Typography } from "@mui/material";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { useRecoverPassword } from "../../api/auth";
import { AuthCard } from "../../components/AuthCard";
import { muiRegister } from "../../components/mui-register";
import { serverMessageOr } from "./server-message";

type RecoverValues = z.output<typeof recoverPasswordSchema>;

/** E-mail form, then the 'Email enviado!' confirmation (spec 2 section 4). */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const recover = useRecoverPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof recoverPasswordSchema>, unknown, RecoverValues>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = async (values: RecoverValues) => {
    await recover.mutateAsync(values.email).catch(() => undefined);
  };

  return (
    <AuthCard title={t("auth.recover.title")}>
      {recover.isSuccess ? (
        <Alert severity="success" role="status">
          <Typography fontWeight={600}>{t("auth.recover.sent")}</Typography>
          {t("auth.recover.sentDescription")}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Typography color="text.secondary">{t("auth.recover.description")}</Typography>
          {recover.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverMessageOr(recover.error, t("auth.recover.failure"))}
            </Alert>
          )}
          <TextField
            {...muiRegister(register("email"))}
            id="recover-email"
            label={t("auth.recover.email")}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            margin="normal"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <Button
            type="submit"
            variant="contained"
            fullWidth
            size="large"
            sx={{ mt: 1 }}
            disabled={isSubmitting}
          >
            {t("auth.recover.submit")}
          </Button>
        </form>
      )}
      <Link component={RouterLink} to="/login" variant="body2">
        {t("auth.backToLogin")}
      </Link>
    </AuthCard>
  );
}
