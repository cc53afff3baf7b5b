import { Alert, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useSearchParams } from "react-router";
import { usePublicSetting } from "../../api/signup";
import { useAuth } from "../../app/auth/auth-context";
import type { FromState } from "../../app/guards/RequireAuth";
import { toastError } from "../../app/toast/toast-error";
import { AuthCard } from "../../components/AuthCard";
import { LoginForm, type LoginValues } from "./LoginForm";

/**
 * /login. One session per user (spec 1 section 4; the server's login raises the user's token
 * version, which ends the older sessions): a help line says so, and a session ended by a login
 * elsewhere arrives here with `?reason=elsewhere` (realtime/SessionEvents), which the page explains.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const [params] = useSearchParams();
  const signedOutElsewhere = params.get("reason") === "elsewhere";
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
      {signedOutElsewhere && (
        <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
          {t("shellCues.signedOutElsewhere")}
        </Alert>
      )}
      <LoginForm onSubmit={handleSubmit} />
      <Typography variant="body2" color="text.secondary">
        {t("shellCues.oneSession")}
      </Typography>
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
