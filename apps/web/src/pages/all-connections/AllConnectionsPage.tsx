import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import RefreshIcon from "@mui/icons-material/Refresh";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import { Alert, Button, IconButton, Paper, Tooltip } from "@mui/material";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { usePlatformConnections } from "../../api/connections";
import { useCurrentUser } from "../../app/auth/auth-context";
import { EmptyState } from "../../components/EmptyState";
import { ForbiddenView } from "../../components/ForbiddenView";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { CompanyConnectionsDialog } from "./CompanyConnectionsDialog";
import { companyRows, totalsOf } from "./company-rows";

/**
 * /allConnections (spec 2 section 2): super only. A user of profile user sees the no-access view;
 * anyone else (an admin of a company) is sent to /tickets.
 */
export function AllConnectionsRoute() {
  const user = useCurrentUser();
  if (user.super) return <AllConnectionsPage />;
  if (user.profile === "user") return <ForbiddenView />;
  return <Navigate to="/tickets" replace />;
}

/** Every company's connections: connected, disconnected and total per company, and the totals. */
export function AllConnectionsPage() {
  const { t } = useTranslation();
  const connections = usePlatformConnections();
  const rows = useMemo(() => companyRows(connections.data ?? []), [connections.data]);
  const [opened, setOpened] = useState<{ id: number; name: string } | null>(null);

  return (
    <>
      <PageHeader
        title={t("allConnections.title")}
        actions={
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void connections.refetch()}
            disabled={connections.isFetching}
          >
            {t("allConnections.refresh")}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <ResponsiveTable
          label={t("allConnections.title")}
          rows={rows}
          rowKey={(row) => row.companyId}
          columns={[
            { key: "client", header: t("allConnections.columns.client"), render: (row) => row.companyName },
            {
              key: "connected",
              header: t("allConnections.columns.connected"),
              align: "center",
              render: (row) => row.connected,
            },
            {
              key: "disconnected",
              header: t("allConnections.columns.disconnected"),
              align: "center",
              render: (row) => row.disconnected,
            },
            {
              key: "total",
              header: t("allConnections.columns.total"),
              align: "center",
              render: (row) => row.total,
            },
          ]}
          actionsHeader={t("allConnections.columns.actions")}
          actions={(row) => (
            <Tooltip title={t("allConnections.open", { name: row.companyName })}>
              <IconButton
                size="small"
                aria-label={t("allConnections.open", { name: row.companyName })}
                onClick={() => setOpened({ id: row.companyId, name: row.companyName })}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          footerRow={
            rows.length > 0
              ? { companyId: 0, companyName: t("allConnections.totals"), ...totalsOf(rows) }
              : undefined
          }
        />
        {connections.isPending && <LoadingState />}
        {connections.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t("allConnections.loadError")}
          </Alert>
        )}
        {connections.isSuccess && rows.length === 0 && (
          <EmptyState
            icon={<SyncAltIcon fontSize="large" aria-hidden />}
            message={t("allConnections.empty")}
          />
        )}
      </Paper>
      <CompanyConnectionsDialog company={opened} onClose={() => setOpened(null)} />
    </>
  );
}
