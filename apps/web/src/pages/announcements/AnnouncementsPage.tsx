import { type AnnouncementDto, LIMITS } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import { Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useAnnouncementAdminEvents,
  useAnnouncementsAdminInfinite,
  useDeleteAnnouncement,
} from "../../api/announcements-admin";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { PageHeader } from "../../components/PageHeader";
import { SearchField } from "../../components/SearchField";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { AnnouncementsTable } from "./AnnouncementsTable";

type DialogState = { open: false } | { open: true; announcement: AnnouncementDto | null };

/** /announcements (spec 3 section 2, super users): search, the table, add, edit and delete. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const list = useAnnouncementsAdminInfinite(searchParam);
  useAnnouncementAdminEvents();
  const remove = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: AnnouncementDto) => remove.mutateAsync(row.id),
    t("announcementsAdmin.deleted"),
  );
  const rows = list.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <>
      <PageHeader
        title={t("announcementsAdmin.title")}
        actions={
          <>
            <SearchField label={t("announcementsAdmin.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, announcement: null })}
            >
              {t("announcementsAdmin.add")}
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
          <AnnouncementsTable
            rows={rows}
            loading={list.isPending}
            error={list.isError ? errorMessage(list.error) : undefined}
            loadingMore={list.isFetchingNextPage}
            onEdit={(announcement) => setDialog({ open: true, announcement })}
            onDelete={setToDelete}
          />
        </InfiniteScrollArea>
      </Paper>
      {dialog.open && (
        <AnnouncementDialog announcement={dialog.announcement} onClose={() => setDialog({ open: false })} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("announcementsAdmin.deleteTitle", { title: toDelete?.title ?? "" })}
        message={t("announcementsAdmin.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
