import type { QueueIntegrationDto } from "@inbox/shared";
import { LIMITS } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeviceHubIcon from "@mui/icons-material/DeviceHub";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
} from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useDeleteQueueIntegration,
  useQueueIntegrationEvents,
  useQueueIntegrationsInfinite,
} from "../../api/queue-integrations";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyableField } from "../../components/CopyableField";
import { EmptyState } from "../../components/EmptyState";
import { ForbiddenView } from "../../components/ForbiddenView";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { SearchField } from "../../components/SearchField";
import { GeminiDialog } from "./GeminiDialog";
import { IntegrationLogo } from "./IntegrationLogo";
import { saveFailure } from "./integration-form";
import { QueueIntegrationDialog } from "./QueueIntegrationDialog";

type DialogState =
  | { open: false }
  | { open: true; kind: "form"; id: number | null }
  | { open: true; kind: "gemini"; id: number };

/**
 * /queue-integration (spec 3 section 2): plan flag useIntegrations (the router's guard); a
 * profile "user" gets the no-permission view (section 6).
 */
export function QueueIntegrationsPage() {
  const user = useCurrentUser();
  return isAdmin(user) ? <Integrations /> : <ForbiddenView />;
}

/** Title with count, search, add, and an infinitely scrolled table of logo, id, name, actions; live. */
function Integrations() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const list = useQueueIntegrationsInfinite(searchParam);
  useQueueIntegrationEvents();
  const remove = useDeleteQueueIntegration();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [secret, setSecret] = useState<string | null>(null);
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: QueueIntegrationDto) => remove.mutateAsync(row.id),
    t("integrations.deleted"),
    (error) => saveFailure(error, "delete") ?? errorMessage(error),
  );
  const rows = list.data?.pages.flatMap((page) => page.queueIntegrations) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;
  const close = useCallback(() => setDialog({ open: false }), []);
  const onCreated = useCallback((created: QueueIntegrationDto) => {
    if (created.webhookSecret && (created.type === "webhook" || created.type === "n8n"))
      setSecret(created.webhookSecret);
  }, []);

  return (
    <>
      <PageHeader
        title={t("integrations.title", { count })}
        actions={
          <>
            <SearchField label={t("integrations.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, kind: "form", id: null })}
            >
              {t("integrations.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(list.hasNextPage) && !list.isFetchingNextPage}
          onReachEnd={() => void list.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ResponsiveTable
            stickyHeader
            label={t("integrations.tableLabel")}
            rows={rows}
            rowKey={(row) => row.id}
            titleColumn="name"
            columns={[
              {
                key: "logo",
                header: t("integrations.columns.logo"),
                render: (row) => <IntegrationLogo type={row.type} />,
                cellSx: { width: 48 },
              },
              { key: "id", header: t("integrations.columns.id"), align: "center", render: (row) => row.id },
              {
                key: "name",
                header: t("integrations.columns.name"),
                render: (row) => row.name,
                cellSx: { overflowWrap: "anywhere" },
              },
            ]}
            actionsHeader={t("integrations.columns.actions")}
            actions={(row) => (
              <RowActionButtons
                editLabel={t("integrations.editRow", { name: row.name })}
                deleteLabel={t("integrations.deleteRow", { name: row.name })}
                onEdit={() =>
                  setDialog(
                    row.type === "gemini"
                      ? { open: true, kind: "gemini", id: row.id }
                      : { open: true, kind: "form", id: row.id },
                  )
                }
                onDelete={() => setToDelete(row)}
              />
            )}
          />
          {list.isPending && <LoadingState />}
          {list.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(list.error)}
            </Alert>
          )}
          {!list.isPending && !list.isError && rows.length === 0 && (
            <EmptyState
              icon={<DeviceHubIcon fontSize="large" aria-hidden />}
              message={t("integrations.empty")}
            />
          )}
          {list.isFetchingNextPage && <LinearProgress aria-label={t("integrations.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && dialog.kind === "form" && (
        <QueueIntegrationDialog integrationId={dialog.id} onClose={close} onCreated={onCreated} />
      )}
      {dialog.open && dialog.kind === "gemini" && <GeminiDialog integrationId={dialog.id} onClose={close} />}
      <Dialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        aria-labelledby="integration-secret-title"
      >
        <DialogTitle id="integration-secret-title">{t("integrations.secret.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("integrations.secret.message")}</DialogContentText>
          <CopyableField label={t("integrations.secret.label")} value={secret ?? ""} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSecret(null)}>{t("common.close")}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={t("integrations.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("integrations.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
