import { Alert, Link, Typography } from "@mui/material";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { useResetPassword } from "../../api/auth";
import { AuthCard } from "../../components/AuthCard";
import { ResetPasswordForm, type ResetValues } from "./ResetPasswordForm";
import { serverMessageOr } from "./server-message";

/** After a successful reset the user is sent to /login (spec 2 section 9). */
export const RESET_REDIRECT_MS = 3000;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const onSubmit = async (values: ResetValues) => {
    await reset.mutateAsync(values).catch(() => undefined);
  };

  if (!token) {
    return (
      <AuthCard title={t("auth.reset.invalidLink")}>
        <Typography color="text.secondary">{t("auth.reset.invalidLinkDescription")}</Typography>
        <Link component={RouterLink} to="/recover-password" variant="body2">
          {t("auth.reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.reset.title")}>
      {reset.isSuccess ? (
        <Alert severity="success" role="status">
          <Typography fontWeight={600}>{t("auth.reset.success")}</Typography>
          {t("auth.reset.redirecting")}
        </Alert>
      ) : (
        <>
          {reset.isError && (
            <Alert severity="error">{serverMessageOr(reset.error, t("auth.reset.failure"))}</Alert>
          )}
          <ResetPasswordForm token={token} onSubmit={onSubmit} />
        </>
      )}
      <Link component={RouterLink} to="/login" variant="body2">
        {t("auth.backToLogin")}
      </Link>
    </AuthCard>
  );
}
