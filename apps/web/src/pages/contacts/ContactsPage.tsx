import { type ContactDto, type ContactEventPayload, LIMITS } from "@inbox/shared";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { Button, Paper } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  useBlockContact,
  useContactCache,
  useContactsInfinite,
  useDeleteContact,
} from "../../api/contact-list";
import { useCurrentUser } from "../../app/auth/auth-context";
import { useDebouncedValue } from "../../app/hooks/use-debounced-value";
import { useDeleteConfirmation } from "../../app/hooks/use-delete-confirmation";
import { isAdmin } from "../../app/permissions";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { PageHeader } from "../../components/PageHeader";
import { SearchField } from "../../components/SearchField";
import { useCompanyEvent } from "../../realtime/realtime-context";
import { ContactModal } from "./ContactModal";
import { ContactsTable } from "./ContactsTable";

type ModalState = { open: false } | { open: true; contactId: number | null };

/** /contacts (spec 1 section 2): search, infinite list, add, edit, block or unblock, and delete for admins. */
export function ContactsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), LIMITS.searchDebounceMs);
  const contacts = useContactsInfinite(searchParam);
  const deleteContact = useDeleteContact();
  const blockContact = useBlockContact();
  const cache = useContactCache();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const { toDelete, setToDelete, confirmDelete } = useDeleteConfirmation(
    (row: ContactDto) => deleteContact.mutateAsync(row.id),
    t("contacts.deleted"),
  );

  // Changes made elsewhere (another tab, the contact drawer, a new conversation) reach the list live.
  useCompanyEvent<ContactEventPayload>("contact", (payload) => {
    if (payload.action === "delete") cache.removed(payload.contactId);
    else if (payload.action === "update") cache.updated(payload.contact);
    else void cache.created();
  });

  const rows = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];

  const toggleBlock = async (contact: ContactDto) => {
    try {
      const saved = await blockContact.mutateAsync({ id: contact.id, active: !contact.active });
      toast.success(saved.active ? t("contacts.unblocked") : t("contacts.blockedToast"));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={t("contacts.title")}
        actions={
          <>
            <SearchField
              label={t("contacts.search")}
              value={search}
              onChange={setSearch}
              name="searchParam"
            />
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setModal({ open: true, contactId: null })}
            >
              {t("contacts.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <InfiniteScrollArea
          canLoadMore={Boolean(contacts.hasNextPage) && !contacts.isFetchingNextPage}
          onReachEnd={() => void contacts.fetchNextPage()}
          sx={{ maxHeight: "calc(100vh - 200px)" }}
        >
          <ContactsTable
            contacts={rows}
            loading={contacts.isPending}
            error={contacts.isError ? errorMessage(contacts.error) : undefined}
            loadingMore={contacts.isFetchingNextPage}
            canDelete={isAdmin(me)}
            onEdit={(contact) => setModal({ open: true, contactId: contact.id })}
            onDelete={setToDelete}
            onToggleBlock={(contact) => void toggleBlock(contact)}
          />
        </InfiniteScrollArea>
      </Paper>
      <ContactModal
        open={modal.open}
        contactId={modal.open ? modal.contactId : null}
        onClose={() => setModal({ open: false })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("contacts.deleteTitle", { name: toDelete?.name ?? "" })}
        message={t("contacts.deleteMessage")}
        busy={deleteContact.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
