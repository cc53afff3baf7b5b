import { type FlowDto, LIMITS } from "@inbox/shared";
import AccountTreeIcon from "@mui/icons-material/AccountTree";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Button, Chip, LinearProgress, Link, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { useDeleteFlow, useDuplicateFlow, useFlowEvents, useFlowsInfinite } from "../../api/flows";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { SearchField } from "../../components/SearchField";
import { FlowNameDialog } from "./FlowNameDialog";
import { type FlowAction, FlowRowMenu } from "./FlowRowMenu";

type DialogState = { open: false } | { open: true; flow: FlowDto | null };
type Pending = { action: "duplicate" | "delete"; flow: FlowDto } | null;

const editorPath = (flow: FlowDto) => `/flowbuilder/${flow.id}`;

/**
 * /flowbuilders (spec 3 section 2): search, an infinitely scrolled list (cards on a phone) of names with
 * Ativo/Desativado, add, and a row menu to open, rename, duplicate or delete; live by socket.
 * Every user of the company may use it (section 6 restricts no profile here).
 */
export function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const flows = useFlowsInfinite(searchParam);
  useFlowEvents();
  const remove = useDeleteFlow();
  const duplicate = useDuplicateFlow();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [pending, setPending] = useState<Pending>(null);
  const rows = flows.data?.pages.flatMap((page) => page.flows) ?? [];

  const onAction = (action: FlowAction, flow: FlowDto) => {
    if (action === "open") void navigate(editorPath(flow));
    else if (action === "rename") setDialog({ open: true, flow });
    else setPending({ action, flow });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.action === "delete") {
        await remove.mutateAsync(pending.flow.id);
        toast.success(t("flows.deleted"));
      } else {
        await duplicate.mutateAsync(pending.flow.id);
        toast.success(t("flows.duplicated"));
      }
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t("flows.title")}
        actions={
          <>
            <SearchField label={t("flows.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, flow: null })}
            >
              {t("flows.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(flows.hasNextPage) && !flows.isFetchingNextPage}
          onReachEnd={() => void flows.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ResponsiveTable
            stickyHeader
            label={t("flows.title")}
            rows={rows}
            rowKey={(flow) => flow.id}
            onRowClick={(flow) => void navigate(editorPath(flow))}
            columns={[
              {
                key: "name",
                header: t("flows.columns.name"),
                cellSx: { overflowWrap: "anywhere" },
                render: (flow) => (
                  <Link
                    component={RouterLink}
                    to={editorPath(flow)}
                    underline="hover"
                    color="inherit"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {flow.name}
                  </Link>
                ),
              },
              {
                key: "status",
                header: t("flows.columns.status"),
                align: "center",
                render: (flow) => (
                  <Chip
                    size="small"
                    color={flow.active ? "success" : "default"}
                    label={flow.active ? t("flows.active") : t("flows.inactive")}
                  />
                ),
              },
            ]}
            actionsHeader={t("flows.columns.actions")}
            actions={(flow) => <FlowRowMenu flow={flow} onAction={onAction} />}
          />
          {flows.isPending && <LoadingState />}
          {flows.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(flows.error)}
            </Alert>
          )}
          {!flows.isPending && !flows.isError && rows.length === 0 && (
            <EmptyState icon={<AccountTreeIcon fontSize="large" aria-hidden />} message={t("flows.empty")} />
          )}
          {flows.isFetchingNextPage && <LinearProgress aria-label={t("flows.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && <FlowNameDialog flow={dialog.flow} onClose={() => setDialog({ open: false })} />}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.action === "duplicate"
            ? t("flows.duplicateTitle", { name: pending.flow.name })
            : t("flows.deleteTitle", { name: pending?.flow.name ?? "" })
        }
        message={pending?.action === "duplicate" ? t("flows.duplicateMessage") : t("flows.deleteMessage")}
        confirmLabel={pending?.action === "duplicate" ? t("flows.menu.duplicate") : undefined}
        busy={remove.isPending || duplicate.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
