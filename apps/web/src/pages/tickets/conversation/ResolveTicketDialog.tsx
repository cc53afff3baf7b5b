import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useContactTags } from "../../../api/contacts";
import { useRequiredTag } from "../../../api/ticket-actions";

interface ResolveTicketDialogProps {
  open: boolean;
  contactId: number;
  busy: boolean;
  onResolve: (withFarewell: boolean) => void;
  onClose: () => void;
}

/**
 * Resolve: close without or with the farewell message. With the requiredTag
 * setting on, a contact without a tag gets a warning instead (spec 1 section 4).
 */
export function ResolveTicketDialog({ open, contactId, busy, onResolve, onClose }: ResolveTicketDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const required = useRequiredTag(open);
  const tags = useContactTags(contactId, open && required.data === true);
  const checking = required.isPending || (required.data === true && tags.isPending);
  const missingTag = required.data === true && tags.data !== undefined && tags.data.length === 0;
  const blocked = busy || checking || missingTag;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("ticketView.resolve.title")}</DialogTitle>
      <DialogContent>
        {checking ? (
          <CircularProgress size={24} aria-label={t("common.loading")} />
        ) : missingTag ? (
          <Alert severity="warning">{t("ticketView.resolve.requiredTag")}</Alert>
        ) : (
          <DialogContentText>{t("ticketView.resolve.message")}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button onClick={() => onResolve(false)} disabled={blocked}>
          {t("ticketView.resolve.withoutFarewell")}
        </Button>
        <Button onClick={() => onResolve(true)} disabled={blocked} variant="contained" autoFocus>
          {t("ticketView.resolve.withFarewell")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
