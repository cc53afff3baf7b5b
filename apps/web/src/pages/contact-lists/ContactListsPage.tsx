import type { ContactListEventPayload, ContactListRecord } from "@inbox/shared";
import { LIMITS } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import ListAltIcon from "@mui/icons-material/ListAlt";
import PeopleIcon from "@mui/icons-material/People";
import { Alert, Button, IconButton, LinearProgress, Paper, Tooltip } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import {
  useContactListsCache,
  useContactListsInfinite,
  useDeleteContactList,
  useSaveContactList,
} from "../../api/contact-lists";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { ResponsiveTable } from "../../components/ResponsiveTable";
import { RowActionButtons } from "../../components/RowActions";
import { SearchField } from "../../components/SearchField";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { ContactListDialog } from "./ContactListDialogs";
import { downloadExampleSpreadsheet } from "./example-download";

type DialogState = { open: false } | { open: true; editing: ContactListRecord | null };

/**
 * /contact-lists (spec 3 section 2): search, an infinitely scrolled table (cards on a phone) of
 * name and contacts count, and per list: the example spreadsheet, its contacts, edit and (admins)
 * delete.
 */
export function ContactListsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const lists = useContactListsInfinite(searchParam);
  const save = useSaveContactList();
  const remove = useDeleteContactList();
  const cache = useContactListsCache();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: ContactListRecord) => remove.mutateAsync(row.id),
    t("contactLists.deleted"),
  );

  useCompanyEvent<ContactListEventPayload>("ContactList", (payload) => {
    if (payload.action === "delete") cache.listRemoved(payload.id);
    else if (payload.action === "update") cache.listUpdated(payload.record);
    else void cache.listCreated();
  });

  const rows = lists.data?.pages.flatMap((page) => page.records) ?? [];
  const canDelete = isAdmin(me);

  const example = () => void downloadExampleSpreadsheet().catch(toastError);

  return (
    <>
      <PageHeader
        title={t("contactLists.title")}
        actions={
          <>
            <SearchField label={t("contactLists.search")} value={search} onChange={setSearch} />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, editing: null })}
            >
              {t("contactLists.add")}
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
            label={t("contactLists.title")}
            rows={rows}
            rowKey={(list) => list.id}
            columns={[
              { key: "name", header: t("contactLists.columns.name"), render: (list) => list.name },
              {
                key: "contactsCount",
                header: t("contactLists.columns.contactsCount"),
                align: "center",
                render: (list) => list.contactsCount,
              },
            ]}
            actionsHeader={t("contactLists.columns.actions")}
            actions={(list) =>
              canDelete ? (
                <RowActionButtons
                  editLabel={t("contactLists.editList", { name: list.name })}
                  deleteLabel={t("contactLists.deleteList", { name: list.name })}
                  onEdit={() => setDialog({ open: true, editing: list })}
                  onDelete={() => setToDelete(list)}
                >
                  <ListLinks list={list} onExample={example} />
                </RowActionButtons>
              ) : (
                <>
                  <ListLinks list={list} onExample={example} />
                  <Button size="small" onClick={() => setDialog({ open: true, editing: list })}>
                    {t("common.edit")}
                  </Button>
                </>
              )
            }
          />
          {lists.isPending && <LoadingState />}
          {lists.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(lists.error)}
            </Alert>
          )}
          {!lists.isPending && !lists.isError && rows.length === 0 && (
            <EmptyState
              icon={<ListAltIcon fontSize="large" aria-hidden />}
              message={t("contactLists.empty")}
            />
          )}
          {lists.isFetchingNextPage && <LinearProgress aria-label={t("contactLists.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      <ContactListDialog
        open={dialog.open}
        editing={dialog.open ? dialog.editing : null}
        onSave={async (name) => {
          await save.mutateAsync({ id: dialog.open && dialog.editing ? dialog.editing.id : null, name });
          toast.success(t("contactLists.saved"));
        }}
        onClose={() => setDialog({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("contactLists.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("contactLists.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function ListLinks({ list, onExample }: { list: ContactListRecord; onExample: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t("contactLists.example")}>
        <IconButton size="small" aria-label={t("contactLists.example")} onClick={onExample}>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t("contactLists.viewContacts")}>
        <IconButton
          size="small"
          component={RouterLink}
          to={`/contact-lists/${list.id}/contacts`}
          aria-label={t("contactLists.viewContactsOf", { name: list.name })}
        >
          <PeopleIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
