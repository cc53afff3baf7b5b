import type { PromptDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import { Alert, Button, LinearProgress, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeletePrompt, usePromptEvents, usePromptsInfinite } from "../../api/prompts";
import { useCurrentUser } from "../../app/auth/auth-context";
import { isAdmin } from "../../app/permissions";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ForbiddenView } from "../../components/ForbiddenView";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { PromptDialog } from "./PromptDialog";

type DialogState = { open: false } | { open: true; prompt: PromptDto | null };

/**
 * /prompts (spec 3 section 2): plan flag useOpenAi (the router's guard); a profile "user" gets the
 * no-access view (section 6).
 */
export function PromptsPage() {
  const user = useCurrentUser();
  return isAdmin(user) ? <Prompts /> : <ForbiddenView />;
}

/** Title with count, add, and a table of name, queue, max tokens, edit and delete; live by socket. */
function Prompts() {
  const { t } = useTranslation();
  const list = usePromptsInfinite();
  usePromptEvents();
  const remove = useDeletePrompt();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<PromptDto | null>(null);
  const rows = list.data?.pages.flatMap((page) => page.prompts) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  // Spec 3 section 7: the delete's answer is shown as an info toast (translated here).
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.info(t("prompts.deleted"));
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t("prompts.title", { count })}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true, prompt: null })}
          >
            {t("prompts.add")}
          </Button>
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
            label={t("prompts.tableLabel")}
            rows={rows}
            rowKey={(prompt) => prompt.id}
            columns={[
              {
                key: "name",
                header: t("prompts.columns.name"),
                render: (prompt) => prompt.name,
                cellSx: { overflowWrap: "anywhere" },
              },
              {
                key: "queue",
                header: t("prompts.columns.queue"),
                render: (prompt) => prompt.queue?.name ?? t("prompts.noQueue"),
              },
              {
                key: "maxTokens",
                header: t("prompts.columns.maxTokens"),
                align: "center",
                render: (prompt) => prompt.maxTokens,
              },
            ]}
            actionsHeader={t("prompts.columns.actions")}
            actions={(prompt) => (
              <RowActionButtons
                editLabel={t("prompts.editRow", { name: prompt.name })}
                deleteLabel={t("prompts.deleteRow", { name: prompt.name })}
                onEdit={() => setDialog({ open: true, prompt })}
                onDelete={() => setToDelete(prompt)}
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
            <EmptyState icon={<SmartToyIcon fontSize="large" aria-hidden />} message={t("prompts.empty")} />
          )}
          {list.isFetchingNextPage && <LinearProgress aria-label={t("prompts.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && <PromptDialog prompt={dialog.prompt} onClose={() => setDialog({ open: false })} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("prompts.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("prompts.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
