import { Dialog, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useContactForEdit, useCreateContact, useUpdateContact } from "../../api/contact-list";
import { useCurrentUser } from "../../app/auth/auth-context";
import { isAdmin } from "../../app/permissions";
import { errorMessage } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { ContactForm } from "./ContactForm";
import { type ContactFormValues, toCreateBody, toFormValues, toUpdateBody } from "./contact-form";
import { seesMaskedNumbers } from "./lgpd";
import { companyPhoneCountry } from "./phone-format";

interface ContactModalProps {
  open: boolean;
  /** null creates a new contact. */
  contactId: number | null;
  onClose: () => void;
}

/** Create or edit a contact with its extra info (spec 1 sections 2 and 5). */
export function ContactModal({ open, contactId, onClose }: ContactModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useCurrentUser();
  const editing = contactId !== null;
  const detail = useContactForEdit(open && editing ? contactId : null);
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const numberHidden = editing && seesMaskedNumbers(me);
  const canSetWallet = isAdmin(me);

  const handleSubmit = async (values: ContactFormValues) => {
    if (editing)
      await updateContact.mutateAsync({
        id: contactId,
        body: toUpdateBody(values, { numberHidden, canSetWallet }),
      });
    else await createContact.mutateAsync(toCreateBody(values, { canSetWallet }));
    toast.success(t("contacts.modal.saved"));
    onClose();
  };

  const ready = !editing || (detail.data !== undefined && !detail.isFetching);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {editing ? t("contacts.modal.titleEdit") : t("contacts.modal.titleAdd")}
      </DialogTitle>
      {open && detail.isError ? (
        <EmptyState message={errorMessage(detail.error)} />
      ) : open && ready ? (
        <ContactForm
          key={contactId ?? "new"}
          initialValues={toFormValues(editing ? detail.data : undefined, companyPhoneCountry(me))}
          numberHidden={numberHidden}
          canSetWallet={canSetWallet}
          onSubmit={handleSubmit}
          onCancel={onClose}
        />
      ) : (
        <LoadingState />
      )}
    </Dialog>
  );
}
