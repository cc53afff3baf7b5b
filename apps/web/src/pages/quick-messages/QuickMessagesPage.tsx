import { LIMITS, type QuickMessageDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useDeleteQuickMessage,
  useQuickMessageEvents,
  useQuickMessagesInfinite,
} from "../../api/quick-messages";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { PageHeader } from "../../components/PageHeader";
import { SearchField } from "../../components/SearchField";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessagesTable } from "./QuickMessagesTable";

type DialogState = { open: false } | { open: true; quick: QuickMessageDto | null };

/** /quick-messages (spec 3 section 2): search, the table, add, edit and delete; live by socket. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const list = useQuickMessagesInfinite(searchParam);
  useQuickMessageEvents();
  const remove = useDeleteQuickMessage();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: QuickMessageDto) => remove.mutateAsync(row.id),
    t("quickMessages.deleted"),
  );
  const rows = list.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <>
      <PageHeader
        title={t("quickMessages.title")}
        actions={
          <>
            <SearchField label={t("quickMessages.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, quick: null })}
            >
              {t("quickMessages.add")}
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
          <QuickMessagesTable
            rows={rows}
            userId={user.id}
            loading={list.isPending}
            error={list.isError ? errorMessage(list.error) : undefined}
            loadingMore={list.isFetchingNextPage}
            onEdit={(quick) => setDialog({ open: true, quick })}
            onDelete={setToDelete}
          />
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && (
        <QuickMessageDialog
          quick={dialog.quick}
          userId={user.id}
          onClose={() => setDialog({ open: false })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("quickMessages.deleteTitle", { shortcode: toDelete?.shortcode ?? "" })}
        message={t("quickMessages.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
