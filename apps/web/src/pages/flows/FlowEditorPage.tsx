import AccountTreeIcon from "@mui/icons-material/AccountTree";
import { Button, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { PageHeader } from "../../components/PageHeader";

/** /flowbuilder/{id?}: the flow editor (spec 3 section 2) comes in a later slice. */
export function FlowEditorPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("flows.editor.title")}
        actions={
          <Button component={RouterLink} to="/flowbuilders">
            {t("flows.editor.back")}
          </Button>
        }
      />
      <Paper variant="outlined">
        <EmptyState
          icon={<AccountTreeIcon fontSize="large" aria-hidden />}
          message={t("flows.editor.later")}
        />
      </Paper>
    </>
  );
}
