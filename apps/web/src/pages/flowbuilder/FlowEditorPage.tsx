import { Alert, Box, Button, CircularProgress, Stack } from "@mui/material";
import { ReactFlowProvider } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { useFlowGraph } from "../../api/flows";
import { useAuth } from "../../app/auth/auth-context";
import { PageHeader } from "../../components/PageHeader";
import { FlowEditor } from "./FlowEditor";

/** /flowbuilder/{id}: the flow editor (spec 3 section 2) over GET /flowbuilder/flow/{id}. */
export function FlowEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useAuth();
  const flowId = Number(id);
  const query = useFlowGraph(flowId);
  const back = (
    <Button component={RouterLink} to="/flowbuilders">
      {t("flowbuilder.back")}
    </Button>
  );
  const flow = query.data?.flow;
  return (
    <Stack sx={{ height: "calc(100vh - 112px)", minHeight: 520 }}>
      <PageHeader
        title={flow ? `${t("flowbuilder.title")}: ${flow.name}` : t("flowbuilder.title")}
        actions={back}
      />
      {!Number.isInteger(flowId) || flowId <= 0 ? (
        <Alert severity="warning">{t("flowbuilder.notFound")}</Alert>
      ) : query.isLoading ? (
        <Box sx={{ display: "grid", placeItems: "center", flex: 1 }}>
          <CircularProgress aria-label={t("flowbuilder.title")} />
        </Box>
      ) : query.isError || !flow ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t("flowbuilder.retry")}
            </Button>
          }
        >
          {t("flowbuilder.loadError")}
        </Alert>
      ) : (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <ReactFlowProvider>
            <FlowEditor key={flow.id} flow={flow} companyId={user?.companyId ?? flow.companyId} />
          </ReactFlowProvider>
        </Box>
      )}
    </Stack>
  );
}
