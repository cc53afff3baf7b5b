import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../app/auth/auth-context";
import { toast } from "../../app/toast/toast-store";
import { PageHeader } from "../../components/PageHeader";
import { CompaniesTab } from "../settings/companies/CompaniesTab";

/** Spec 2 section 8: the warning shows, then the user goes home after 1 second. */
const REDIRECT_DELAY_MS = 1000;

/** /companies (spec 2 section 2): super users only; anyone else is told so and sent home. */
export function CompaniesRoute() {
  const user = useCurrentUser();
  return user.super ? <CompaniesPage /> : <NotSuperRedirect />;
}

function NotSuperRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(t("companies.noPermission"));
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return null;
}

export function CompaniesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("companies.title")} />
      <CompaniesTab />
    </>
  );
}
