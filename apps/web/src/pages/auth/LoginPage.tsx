import { Link, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { usePublicSetting } from "../../api/signup";
import { useAuth } from "../../app/auth/auth-context";
import type { FromState } from "../../app/guards/RequireAuth";
import { toastError } from "../../app/toast/toast-error";
import { AuthCard } from "../../components/AuthCard";
import { LoginForm, type LoginValues } from "./LoginForm";

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  // The signup is offered only while the platform allows it (docs/SETTINGS.md, allowSignup).
  const allowSignup = usePublicSetting("allowSignup").data === "enabled";

  const handleSubmit = async (values: LoginValues) => {
    try {
      await login(values, from);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <AuthCard title={t("auth.login.title")}>
      <LoginForm onSubmit={handleSubmit} />
      <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
        <Link component={RouterLink} to="/recover-password" variant="body2">
          {t("auth.login.forgotPassword")}
        </Link>
        {allowSignup && (
          <Link component={RouterLink} to="/signup" variant="body2">
            {t("auth.login.signup")}
          </Link>
        )}
      </Stack>
    </AuthCard>
  );
}
