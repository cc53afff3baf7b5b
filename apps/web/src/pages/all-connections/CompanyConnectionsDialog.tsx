import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { useCompanyConnections } from "../../api/connections";
import { formatDateTimeShort } from "../../app/format-date";
import { errorMessage } from "../../app/toast/toast-error";
import { ChannelIcon } from "../../components/ChannelIcon";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ConnectionStatusIcon } from "../connections/ConnectionStatusIcon";

interface CompanyConnectionsDialogProps {
  company: { id: number; name: string } | null;
  onClose: () => void;
}

/** One company's connections as the platform owner sees them (GET /whatsapp?companyId=). */
export function CompanyConnectionsDialog({ company, onClose }: CompanyConnectionsDialogProps) {
  const { t } = useTranslation();
  const connections = useCompanyConnections(company?.id ?? null);
  const rows = connections.data ?? [];
  return (
    <Dialog open={company !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t("allConnections.dialogTitle", { name: company?.name ?? "" })}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" aria-label={t("allConnections.dialogTitle", { name: company?.name ?? "" })}>
          <TableHead>
            <TableRow>
              <TableCell>{t("allConnections.dialogColumns.channel")}</TableCell>
              <TableCell>{t("allConnections.dialogColumns.name")}</TableCell>
              <TableCell align="center">{t("allConnections.dialogColumns.status")}</TableCell>
              <TableCell align="center">{t("allConnections.dialogColumns.lastUpdate")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((connection) => (
              <TableRow key={connection.id}>
                <TableCell>
                  <ChannelIcon channel={connection.channel} />
                </TableCell>
                <TableCell>{connection.name}</TableCell>
                <TableCell align="center">
                  <ConnectionStatusIcon channel={connection.channel} status={connection.status} />
                </TableCell>
                <TableCell align="center">{formatDateTimeShort(connection.updatedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {connections.isPending && company && <LoadingState />}
        {connections.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(connections.error)}
          </Alert>
        )}
        {connections.isSuccess && rows.length === 0 && (
          <EmptyState message={t("allConnections.dialogEmpty")} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
