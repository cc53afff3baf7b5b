import type { ConnectionDto } from "@inbox/shared";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import { Button, Paper, Stack } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  connectionsApi,
  type SessionAction,
  useConnections,
  useDeleteConnection,
  useSessionAction,
} from "../../api/connections";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { AddConnectionMenu } from "./AddConnectionMenu";
import { ConnectionDialog, type ConnectionDialogState } from "./ConnectionDialog";
import { ConnectionsTable } from "./ConnectionsTable";
import { addableChannels } from "./connection-channels";
import { FacebookPagesDialog, type PageChannel } from "./FacebookPagesDialog";
import { QrCodeDialog } from "./QrCodeDialog";

/**
 * The company's channel connections (spec 2 section 2): add per plan, edit,
 * delete, and drive QR-code sessions. Rows follow the live events through
 * the query cache (realtime/ConnectionEvents).
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const connections = useConnections();
  const deleteConnection = useDeleteConnection();
  const sessionAction = useSessionAction();
  const [dialog, setDialog] = useState<ConnectionDialogState>({ open: false });
  const [pagesChannel, setPagesChannel] = useState<PageChannel | null>(null);
  const [qrId, setQrId] = useState<number | null>(null);
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (connection: ConnectionDto) => deleteConnection.mutateAsync(connection.id),
    t("connections.deleted"),
  );
  const [toDisconnect, setToDisconnect] = useState<ConnectionDto | null>(null);
  const [toCloseImported, setToCloseImported] = useState<ConnectionDto | null>(null);
  const [busy, setBusy] = useState(false);

  const rows = connections.data ?? [];
  const closeQr = useCallback(() => setQrId(null), []);

  const runSession = async (connection: ConnectionDto, action: SessionAction) => {
    try {
      await sessionAction.mutateAsync({ id: connection.id, action });
    } catch (error) {
      toastError(error);
    }
  };

  const requestSession = (connection: ConnectionDto, action: SessionAction) => {
    if (action === "stop") setToDisconnect(connection);
    else void runSession(connection, action);
  };

  const confirmDisconnect = async () => {
    if (!toDisconnect) return;
    await runSession(toDisconnect, "stop");
    setToDisconnect(null);
  };

  /** Spec 2 section 7: POST /whatsapp-restart, then the sessions' events move the rows. */
  const restartSessions = async () => {
    setBusy(true);
    try {
      await connectionsApi.restartSessions();
      toast.success(t("connectionImport.restarting"));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmCloseImported = async () => {
    if (!toCloseImported) return;
    setBusy(true);
    try {
      const { closed } = await connectionsApi.closeImported(toCloseImported.id);
      toast.success(t("connectionImport.closedImported", { count: closed }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      setToCloseImported(null);
    }
  };

  /** A new Meta connection stays open in edit mode: its webhook URL exists only now. */
  const handleSaved = (saved: ConnectionDto, created: boolean) => {
    if (created && saved.channel !== "whatsapp")
      setDialog({ open: true, mode: "edit", connectionId: saved.id });
    else setDialog({ open: false });
  };

  return (
    <>
      <PageHeader
        title={t("connections.title")}
        actions={
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<RestartAltIcon />}
              disabled={busy}
              onClick={() => void restartSessions()}
            >
              {t("connectionImport.restart")}
            </Button>
            <AddConnectionMenu
              channels={addableChannels(user)}
              onChoose={(channel) =>
                channel === "facebook" || channel === "instagram"
                  ? setPagesChannel(channel)
                  : setDialog({ open: true, mode: "create", channel })
              }
            />
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <ConnectionsTable
          connections={rows}
          loading={connections.isPending}
          error={connections.isError ? errorMessage(connections.error) : undefined}
          busyId={sessionAction.isPending ? (sessionAction.variables?.id ?? null) : null}
          onShowQr={(connection) => setQrId(connection.id)}
          onSessionAction={requestSession}
          onEdit={(connection) => setDialog({ open: true, mode: "edit", connectionId: connection.id })}
          onDelete={setToDelete}
          onCloseImported={setToCloseImported}
        />
      </Paper>
      <FacebookPagesDialog
        channel={pagesChannel}
        onClose={() => setPagesChannel(null)}
        onManual={(channel) => {
          setPagesChannel(null);
          setDialog({ open: true, mode: "create", channel });
        }}
      />
      <ConnectionDialog state={dialog} onSaved={handleSaved} onClose={() => setDialog({ open: false })} />
      <QrCodeDialog
        open={qrId !== null}
        connection={rows.find((connection) => connection.id === qrId)}
        onClose={closeQr}
      />
      <ConfirmDialog
        open={toDisconnect !== null}
        title={t("connections.disconnectTitle", { name: toDisconnect?.name ?? "" })}
        message={t("connections.disconnectMessage")}
        confirmLabel={t("connections.actions.stop")}
        busy={sessionAction.isPending}
        onConfirm={() => void confirmDisconnect()}
        onClose={() => setToDisconnect(null)}
      />
      <ConfirmDialog
        open={toCloseImported !== null}
        title={t("connectionImport.closeImportedTitle", { name: toCloseImported?.name ?? "" })}
        message={t("connectionImport.closeImportedMessage")}
        confirmLabel={t("connectionImport.closeImported")}
        busy={busy}
        onConfirm={() => void confirmCloseImported()}
        onClose={() => setToCloseImported(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("connections.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("connections.deleteMessage")}
        busy={deleteConnection.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
