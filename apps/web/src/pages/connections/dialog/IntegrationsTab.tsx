import { Alert } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * The integrations tab keeps its place (spec 2 section 2, plan flag
 * useIntegrations): the integration and prompt selectors come with the
 * integrations work; until then the server refuses an integrationId or promptId.
 */
export function IntegrationsTab() {
  const { t } = useTranslation();
  return <Alert severity="info">{t("connectionModal.integrations.comingSoon")}</Alert>;
}
