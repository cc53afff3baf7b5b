import { Link, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { AuthCard } from "../../components/AuthCard";

/** Placeholder until the signup form (spec 2) is built. */
export function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("auth.signup.title")}>
      <Typography color="text.secondary">{t("auth.signup.unavailable")}</Typography>
      <Link component={RouterLink} to="/login" variant="body2">
        {t("auth.signup.haveAccount")}
      </Link>
    </AuthCard>
  );
}
