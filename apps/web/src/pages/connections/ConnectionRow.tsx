import type { ConnectionDto } from "@inbox/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SessionAction } from "../../api/connections";
import { formatDateTimeShort } from "../../app/format-date";
import { ChannelIcon } from "../../components/ChannelIcon";
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

interface ConnectionRowProps extends ConnectionRowHandlers {
  connection: ConnectionDto;
  sessionBusy: boolean;
}

export function ConnectionRow({ connection, sessionBusy, ...handlers }: ConnectionRowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell align="center">
        <ChannelIcon channel={connection.channel} />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <Typography variant="body2">{connection.name}</Typography>
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
          <Typography variant="caption" color="text.secondary">
            {connection.number}
          </Typography>
        )}
      </TableCell>
      <TableCell align="center">
        <ConnectionStatusIcon channel={connection.channel} status={connection.status} />
      </TableCell>
      <TableCell>
        <SessionButtons
          connection={connection}
          busy={sessionBusy}
          onShowQr={handlers.onShowQr}
          onAction={handlers.onSessionAction}
        />
        <ImportStatus connection={connection} onCloseImported={handlers.onCloseImported} />
      </TableCell>
      <TableCell>{formatDateTimeShort(connection.updatedAt)}</TableCell>
      <TableCell align="center">
        {connection.isDefault && (
          <CheckCircleIcon
            color="success"
            role="img"
            aria-hidden={false}
            aria-label={t("connections.default")}
          />
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
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
      </TableCell>
    </TableRow>
  );
}
