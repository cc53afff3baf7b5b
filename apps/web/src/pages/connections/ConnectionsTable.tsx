import type { ConnectionDto } from "@inbox/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { Alert, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SessionAction } from "../../api/connections";
import { formatDateTimeShort } from "../../app/format-date";
import { ChannelIcon } from "../../components/ChannelIcon";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { type ResponsiveColumn, ResponsiveTable } from "../../components/ResponsiveTable";
import { ConnectionStatusIcon } from "./ConnectionStatusIcon";
import { ImportStatus } from "./ImportStatus";
import { SessionButtons } from "./SessionButtons";

export interface ConnectionRowHandlers {
  onShowQr: (connection: ConnectionDto) => void;
  onSessionAction: (connection: ConnectionDto, action: SessionAction) => void;
  onEdit: (connection: ConnectionDto) => void;
  onDelete: (connection: ConnectionDto) => void;
  onCloseImported: (connection: ConnectionDto) => void;
}

interface ConnectionsTableProps extends ConnectionRowHandlers {
  connections: ConnectionDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  /** The connection whose session call is running, if any. */
  busyId: number | null;
}

/**
 * Spec 2 section 2: channel, name, status, session, last update, default, edit and delete
 * (on phones a card per connection, titled by its name).
 */
export function ConnectionsTable({
  connections,
  loading,
  error,
  busyId,
  ...handlers
}: ConnectionsTableProps) {
  const { t } = useTranslation();
  const columns: ResponsiveColumn<ConnectionDto>[] = [
    {
      key: "channel",
      header: t("connections.columns.channel"),
      align: "center",
      render: (connection) => <ChannelIcon channel={connection.channel} />,
    },
    {
      key: "name",
      header: t("connections.columns.name"),
      render: (connection) => (
        <>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Typography variant="body2" sx={{ fontWeight: "inherit" }}>
              {connection.name}
            </Typography>
            {connection.queues.length === 0 && (
              // Without queues its tickets reach only users who see tickets without a queue.
              <Tooltip title={t("connectionModal.warnings.noQueues")}>
                <WarningAmberIcon
                  color="warning"
                  fontSize="small"
                  role="img"
                  aria-hidden={false}
                  aria-label={t("connectionModal.warnings.noQueues")}
                />
              </Tooltip>
            )}
          </Stack>
          {connection.number && (
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 400 }}>
              {connection.number}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: "status",
      header: t("connections.columns.status"),
      align: "center",
      render: (connection) => (
        <ConnectionStatusIcon channel={connection.channel} status={connection.status} />
      ),
    },
    {
      key: "session",
      header: t("connections.columns.session"),
      render: (connection) => (
        <>
          <SessionButtons
            connection={connection}
            busy={busyId === connection.id}
            onShowQr={handlers.onShowQr}
            onAction={handlers.onSessionAction}
          />
          <ImportStatus connection={connection} onCloseImported={handlers.onCloseImported} />
        </>
      ),
    },
    {
      key: "lastUpdate",
      header: t("connections.columns.lastUpdate"),
      render: (connection) => formatDateTimeShort(connection.updatedAt),
    },
    {
      key: "default",
      header: t("connections.columns.default"),
      align: "center",
      render: (connection) =>
        connection.isDefault && (
          <CheckCircleIcon
            color="success"
            role="img"
            aria-hidden={false}
            aria-label={t("connections.default")}
          />
        ),
    },
  ];
  return (
    <>
      <ResponsiveTable
        label={t("connections.title")}
        rows={connections}
        rowKey={(connection) => connection.id}
        columns={columns}
        titleColumn="name"
        actionsHeader={t("connections.columns.actions")}
        actions={(connection) => (
          <>
            <Tooltip title={t("common.edit")}>
              <IconButton
                size="small"
                aria-label={t("connections.editConnection", { name: connection.name })}
                onClick={() => handlers.onEdit(connection)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("common.delete")}>
              <IconButton
                size="small"
                color="error"
                aria-label={t("connections.deleteConnection", { name: connection.name })}
                onClick={() => handlers.onDelete(connection)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {loading && <LoadingState />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {!loading && !error && connections.length === 0 && (
        <EmptyState icon={<LinkOffIcon fontSize="large" aria-hidden />} message={t("connections.empty")} />
      )}
    </>
  );
}
