import { type FileListDto, LIMITS } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import FolderCopyIcon from "@mui/icons-material/FolderCopy";
import { Alert, Button, LinearProgress, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteFileList, useFileListEvents, useFileListsInfinite } from "../../api/files";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { ForbiddenView } from "../../components/ForbiddenView";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { SearchField } from "../../components/SearchField";
import { FileListDialog } from "./FileListDialog";

type DialogState = { open: false } | { open: true; list: FileListDto | null };

/** /files (spec 3 section 2): a profile "user" gets the no-permission view (section 6). */
export function FilesPage() {
  const user = useCurrentUser();
  return isAdmin(user) ? <FileLists /> : <ForbiddenView />;
}

/** Search, an infinitely scrolled table of names, add, edit and delete; live by socket. */
function FileLists() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const lists = useFileListsInfinite(searchParam);
  useFileListEvents();
  const remove = useDeleteFileList();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: FileListDto) => remove.mutateAsync(row.id),
    t("files.deleted"),
  );
  const rows = lists.data?.pages.flatMap((page) => page.files) ?? [];

  return (
    <>
      <PageHeader
        title={t("files.title")}
        actions={
          <>
            <SearchField label={t("files.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, list: null })}
            >
              {t("files.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(lists.hasNextPage) && !lists.isFetchingNextPage}
          onReachEnd={() => void lists.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ResponsiveTable
            stickyHeader
            label={t("files.title")}
            rows={rows}
            rowKey={(list) => list.id}
            columns={[
              {
                key: "name",
                header: t("files.columns.name"),
                render: (list) => list.name,
                cellSx: { overflowWrap: "anywhere" },
              },
              {
                key: "options",
                header: t("files.columns.options"),
                align: "center",
                render: (list) => list.options.length,
              },
            ]}
            actionsHeader={t("files.columns.actions")}
            actions={(list) => (
              <RowActionButtons
                editLabel={t("files.editList", { name: list.name })}
                deleteLabel={t("files.deleteList", { name: list.name })}
                onEdit={() => setDialog({ open: true, list })}
                onDelete={() => setToDelete(list)}
              />
            )}
          />
          {lists.isPending && <LoadingState />}
          {lists.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(lists.error)}
            </Alert>
          )}
          {!lists.isPending && !lists.isError && rows.length === 0 && (
            <EmptyState icon={<FolderCopyIcon fontSize="large" aria-hidden />} message={t("files.empty")} />
          )}
          {lists.isFetchingNextPage && <LinearProgress aria-label={t("files.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && <FileListDialog list={dialog.list} onClose={() => setDialog({ open: false })} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("files.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("files.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
