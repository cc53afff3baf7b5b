import type { ConnectionDto } from "@inbox/shared";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ConnectionRow, type ConnectionRowHandlers } from "./ConnectionRow";

interface ConnectionsTableProps extends ConnectionRowHandlers {
  connections: ConnectionDto[];
  loading: boolean;
  /** The failure text, when the list could not load. */
  error?: string;
  /** The connection whose session call is running, if any. */
  busyId: number | null;
}

const COLUMNS = [
  { key: "channel", align: "center" },
  { key: "name", align: "left" },
  { key: "status", align: "center" },
  { key: "session", align: "left" },
  { key: "lastUpdate", align: "left" },
  { key: "default", align: "center" },
  { key: "actions", align: "right" },
] as const;

/** Spec 2 section 2: channel, name, status, session, last update, default, edit and delete. */
export function ConnectionsTable({
  connections,
  loading,
  error,
  busyId,
  ...handlers
}: ConnectionsTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table size="small" aria-label={t("connections.title")}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {t(`connections.columns.${column.key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {connections.map((connection) => (
            <ConnectionRow
              key={connection.id}
              connection={connection}
              sessionBusy={busyId === connection.id}
              {...handlers}
            />
          ))}
        </TableBody>
      </Table>
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
