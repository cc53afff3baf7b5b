import { LIMITS, type TagWithCountDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import { Alert, Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteTag, useInvalidateTags, useTagsPage } from "../../api/tags";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { SearchField } from "../../components/SearchField";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { TagChip } from "./TagChip";
import { TagContactsDialog } from "./TagContactsDialog";
import { TagDialog } from "./TagDialog";

type DialogState = { open: false } | { open: true; tagId: number | null };

/**
 * The tags (spec 2 sections 2 and 7, /tags, any signed-in user): search (500 ms debounce), the list
 * with each tag's contact count (a click lists the contacts), add; edit and delete for admins, as
 * the server allows. Follows `company{id}-tag` live.
 */
export function TagsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manage = isAdmin(user);
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const tags = useTagsPage(searchParam);
  const deleteTag = useDeleteTag();
  const invalidate = useInvalidateTags();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: TagWithCountDto) => deleteTag.mutateAsync(row.id),
    t("tags.deleted"),
  );
  const [contactsOf, setContactsOf] = useState<TagWithCountDto | null>(null);

  useCompanyEvent("tag", () => void invalidate());

  const rows = tags.data?.pages.flatMap((page) => page.tags) ?? [];

  return (
    <>
      <PageHeader
        title={t("tags.title")}
        actions={
          <>
            <SearchField label={t("tags.search")} value={search} onChange={setSearch} name="searchParam" />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, tagId: null })}
            >
              {t("tags.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(tags.hasNextPage) && !tags.isFetchingNextPage}
          onReachEnd={() => void tags.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ResponsiveTable
            label={t("tags.title")}
            stickyHeader
            rows={rows}
            rowKey={(tag) => tag.id}
            columns={[
              {
                key: "name",
                header: t("tags.columns.name"),
                render: (tag) => <TagChip name={tag.name} color={tag.color} />,
              },
              {
                key: "contacts",
                header: t("tags.columns.contacts"),
                align: "center",
                render: (tag) => (
                  <Button
                    size="small"
                    aria-label={t("tags.showContacts", { name: tag.name, count: tag.contactsCount })}
                    onClick={() => setContactsOf(tag)}
                  >
                    {tag.contactsCount}
                  </Button>
                ),
              },
            ]}
            actionsHeader={t("tags.columns.actions")}
            actions={
              manage
                ? (tag) => (
                    <RowActionButtons
                      editLabel={t("tags.editLabel", { name: tag.name })}
                      deleteLabel={t("tags.deleteLabel", { name: tag.name })}
                      onEdit={() => setDialog({ open: true, tagId: tag.id })}
                      onDelete={() => setToDelete(tag)}
                    />
                  )
                : undefined
            }
          />
          {(tags.isPending || tags.isFetchingNextPage) && <LoadingState />}
          {tags.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {`${t("tags.loadError")} ${errorMessage(tags.error)}`}
            </Alert>
          )}
          {tags.isSuccess && rows.length === 0 && (
            <EmptyState icon={<LocalOfferIcon fontSize="large" aria-hidden />} message={t("tags.empty")} />
          )}
        </InfiniteScrollArea>
      </Paper>
      <TagDialog
        open={dialog.open}
        tagId={dialog.open ? dialog.tagId : null}
        onClose={() => setDialog({ open: false })}
      />
      <TagContactsDialog tag={contactsOf} onClose={() => setContactsOf(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("tags.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("tags.deleteMessage")}
        busy={deleteTag.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
