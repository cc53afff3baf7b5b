import type { TagContactDto } from "@inbox/shared";
import CloseIcon from "@mui/icons-material/Close";
import PersonOffIcon from "@mui/icons-material/PersonOff";
import PersonRemoveIcon from "@mui/icons-material/PersonRemove";
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTagContacts, useUntagContact } from "../../api/tags";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";
import { usePhoneFormat } from "../contacts/phone-format";

interface TagContactsDialogProps {
  /** The tag whose contacts are listed; null: closed. */
  tag: { id: number; name: string } | null;
  onClose: () => void;
}

/**
 * The contact-count modal of /tags (spec 2 section 2): the tag's contacts, 20 a page as the list
 * scrolls (GET /tags-contacts/{tagId}); each can lose the tag, after a confirmation.
 */
export function TagContactsDialog({ tag, onClose }: TagContactsDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  const titleId = useId();
  const contacts = useTagContacts(tag?.id ?? null);
  const untag = useUntagContact();
  const [toRemove, setToRemove] = useState<TagContactDto | null>(null);
  const rows = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];

  const confirmRemove = async () => {
    if (!toRemove || !tag) return;
    try {
      await untag.mutateAsync({ tagId: tag.id, contactId: toRemove.id });
      toast.success(t("tags.contactsDialog.removed"));
    } catch (error) {
      toastError(error);
    } finally {
      setToRemove(null);
    }
  };

  return (
    <>
      <Dialog open={tag !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ pr: 6 }}>
          {t("tags.contactsDialog.title", { name: tag?.name ?? "" })}
          <IconButton
            aria-label={t("common.close")}
            onClick={onClose}
            sx={{ position: "absolute", right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <InfiniteScrollArea
            canLoadMore={Boolean(contacts.hasNextPage) && !contacts.isFetchingNextPage}
            onReachEnd={() => void contacts.fetchNextPage()}
            sx={{ maxHeight: "60vh" }}
          >
            <Table size="small" aria-label={t("tags.contactsDialog.title", { name: tag?.name ?? "" })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("tags.contactsDialog.name")}</TableCell>
                  <TableCell>{t("tags.contactsDialog.number")}</TableCell>
                  <TableCell align="right">{t("tags.columns.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((contact) => (
                  <TableRow key={contact.id} hover>
                    <TableCell>{contact.name}</TableCell>
                    <TableCell>{phone(contact.number)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={t("tags.contactsDialog.removeConfirm")}>
                        <IconButton
                          size="small"
                          aria-label={t("tags.contactsDialog.remove", { name: contact.name })}
                          onClick={() => setToRemove(contact)}
                        >
                          <PersonRemoveIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {(contacts.isPending || contacts.isFetchingNextPage) && tag !== null && <LoadingState />}
            {contacts.isError && (
              <Alert severity="error" sx={{ m: 2 }}>
                {`${t("tags.contactsDialog.loadError")} ${errorMessage(contacts.error)}`}
              </Alert>
            )}
            {contacts.isSuccess && rows.length === 0 && (
              <EmptyState
                icon={<PersonOffIcon fontSize="large" aria-hidden />}
                message={t("tags.contactsDialog.empty")}
              />
            )}
          </InfiniteScrollArea>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toRemove !== null}
        title={t("tags.contactsDialog.removeTitle", { name: toRemove?.name ?? "" })}
        message={t("tags.contactsDialog.removeMessage", { tag: tag?.name ?? "" })}
        confirmLabel={t("tags.contactsDialog.removeConfirm")}
        busy={untag.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      />
    </>
  );
}
