import {
  CONTACT_LIST_IMPORT_ACCEPT,
  type ContactListImportDto,
  type ContactListImportEventPayload,
  type ContactListItemDto,
  type ContactListItemEventPayload,
  LIMITS,
} from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import HighlightOffIcon from "@mui/icons-material/HighlightOff";
import PeopleIcon from "@mui/icons-material/People";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Alert, Button, LinearProgress, Paper, Tooltip } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import {
  contactListsApi,
  contactListsKeys,
  useContactList,
  useContactListItemsInfinite,
  useContactListsCache,
  useDeleteContactListItem,
  useLatestImport,
  useSaveContactListItem,
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
import { usePhoneFormat } from "../contacts/phone-format";
import { ContactListItemDialog } from "./ContactListDialogs";
import { ImportReport } from "./ImportReport";

type DialogState = { open: false } | { open: true; editing: ContactListItemDto | null };

/**
 * /contact-lists/{id}/contacts (spec 3 section 2): the list's name as heading, search, back to the
 * lists, import (.xls and .xlsx) with live progress and the refused-rows report, add; a table
 * (cards titled by the name on a phone) of WhatsApp-valid icon, name, number, email, edit and
 * (admins) delete.
 */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const formatPhone = usePhoneFormat();
  const me = useCurrentUser();
  const listId = Number(useParams().contactListId);
  const list = useContactList(listId);
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), LIMITS.searchDebounceMs);
  const items = useContactListItemsInfinite(listId, searchParam);
  const save = useSaveContactListItem();
  const remove = useDeleteContactListItem();
  const cache = useContactListsCache();
  const queryClient = useQueryClient();
  const latest = useLatestImport(listId);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: ContactListItemDto) => remove.mutateAsync(row),
    t("contactLists.items.deleted"),
  );
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const showImport = (report: ContactListImportDto | null) =>
    queryClient.setQueryData(contactListsKeys.latestImport(listId), report);

  useCompanyEvent<ContactListItemEventPayload>("ContactListItem", (payload) => {
    if (payload.action === "reload") {
      if (payload.contactListId === listId) void cache.itemsReload(listId);
    } else if (payload.action === "delete") cache.itemRemoved(payload.contactListId, payload.id);
    else if (payload.action === "update") cache.itemUpdated(payload.record);
    else if (payload.record.contactListId === listId) void cache.itemsReload(listId);
  });

  useCompanyEvent<ContactListImportEventPayload>("contactListImport", (payload) => {
    const report = payload.import;
    if (report.contactListId !== listId) return;
    const finished = report.status === "done" || report.status === "failed";
    // The end event carries no rows: the full report (refused rows) is read once.
    if (finished) {
      void contactListsApi.importOf(listId, report.id).then(showImport, toastError);
      void cache.itemsReload(listId);
    } else showImport(report);
  });

  const upload = async (file: File) => {
    setUploading(true);
    try {
      showImport(await contactListsApi.upload(listId, file));
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const rows = items.data?.pages.flatMap((page) => page.contacts) ?? [];
  const canDelete = isAdmin(me);
  const report = latest.data;

  return (
    <>
      <PageHeader
        title={list.data?.name ?? t("contactLists.items.title")}
        actions={
          <>
            <SearchField label={t("contactLists.items.search")} value={search} onChange={setSearch} />
            <Button component={RouterLink} to="/contact-lists" startIcon={<ArrowBackIcon />}>
              {t("contactLists.items.lists")}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {t("contactLists.items.import")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={CONTACT_LIST_IMPORT_ACCEPT}
              data-testid="contact-list-import-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setDialog({ open: true, editing: null })}
            >
              {t("contactLists.items.add")}
            </Button>
          </>
        }
      />
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {uploading && <LinearProgress aria-label={t("contactLists.import.uploading")} sx={{ mb: 2 }} />}
      {report && <ImportReport report={report} />}
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(items.hasNextPage) && !items.isFetchingNextPage}
          onReachEnd={() => void items.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 220px)" }}
        >
          <ResponsiveTable
            stickyHeader
            label={t("contactLists.items.title")}
            rows={rows}
            rowKey={(item) => item.id}
            titleColumn="name"
            columns={[
              {
                key: "whatsapp",
                header: t("contactLists.items.columns.whatsapp"),
                render: (item) => <WhatsappValidIcon valid={item.isWhatsappValid} />,
                // A small table's padding="checkbox" cell.
                cellSx: { width: 24, padding: "0 12px 0 16px" },
              },
              { key: "name", header: t("contactLists.items.columns.name"), render: (item) => item.name },
              {
                key: "number",
                header: t("contactLists.items.columns.number"),
                render: (item) => formatPhone(item.number),
              },
              { key: "email", header: t("contactLists.items.columns.email"), render: (item) => item.email },
            ]}
            actionsHeader={t("contactLists.items.columns.actions")}
            actions={(item) =>
              canDelete ? (
                <RowActionButtons
                  editLabel={t("contactLists.items.editItem", { name: item.name })}
                  deleteLabel={t("contactLists.items.deleteItem", { name: item.name })}
                  onEdit={() => setDialog({ open: true, editing: item })}
                  onDelete={() => setToDelete(item)}
                />
              ) : (
                <Button size="small" onClick={() => setDialog({ open: true, editing: item })}>
                  {t("common.edit")}
                </Button>
              )
            }
          />
          {items.isPending && <LoadingState />}
          {items.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(items.error)}
            </Alert>
          )}
          {!items.isPending && !items.isError && rows.length === 0 && (
            <EmptyState
              icon={<PeopleIcon fontSize="large" aria-hidden />}
              message={t("contactLists.items.empty")}
            />
          )}
          {items.isFetchingNextPage && <LinearProgress aria-label={t("contactLists.loadingMore")} />}
        </InfiniteScrollArea>
      </Paper>
      <ContactListItemDialog
        open={dialog.open}
        editing={dialog.open ? dialog.editing : null}
        onSave={async (values) => {
          const id = dialog.open && dialog.editing ? dialog.editing.id : null;
          await save.mutateAsync({ id, body: { ...values, contactListId: listId } });
          toast.success(t("contactLists.items.saved"));
        }}
        onClose={() => setDialog({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("contactLists.items.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("contactLists.items.deleteMessage")}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

/** isWhatsappValid: checked and valid, checked and not on WhatsApp, or not checked (no session could ask). */
function WhatsappValidIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  const label =
    valid === null
      ? t("contactLists.items.whatsappUnknown")
      : valid
        ? t("contactLists.items.whatsappValid")
        : t("contactLists.items.whatsappInvalid");
  const icon =
    valid === null ? (
      <HelpOutlineIcon fontSize="small" color="disabled" />
    ) : valid ? (
      <CheckCircleIcon fontSize="small" color="success" />
    ) : (
      <HighlightOffIcon fontSize="small" color="error" />
    );
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label}>
        {icon}
      </span>
    </Tooltip>
  );
}
