import { type ContactRefDto, LIMITS, type MessageDto } from "@inbox/shared";
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { contactsApi } from "../../../api/contacts";
import { messagesApi } from "../../../api/messages";
import { useDebouncedValue } from "../../../app/hooks/use-debounced-value";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { usePhoneFormat } from "../../contacts/phone-format";

interface ForwardMessageDialogProps {
  message: MessageDto | null;
  signMessage: boolean;
  onClose: () => void;
}

/** Forward a message to contacts chosen by search (3 characters, debounced); the server paces the sends. */
export function ForwardMessageDialog({ message, signMessage, onClose }: ForwardMessageDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  const titleId = useId();
  const [term, setTerm] = useState("");
  const [chosen, setChosen] = useState<ContactRefDto[]>([]);
  const [busy, setBusy] = useState(false);
  const search = useDebouncedValue(term.trim(), LIMITS.searchDebounceMs);
  const enabled = search.length >= LIMITS.searchMinChars;
  const contacts = useQuery({
    queryKey: ["contacts", "pick", search],
    queryFn: ({ signal }) => contactsApi.pick(search, signal),
    enabled,
  });

  const forward = async () => {
    if (!message) {
      toast.error(t("ticketView.forward.noMessage"));
      return;
    }
    setBusy(true);
    try {
      await messagesApi.forward(
        [message.id],
        chosen.map((contact) => contact.id),
        signMessage,
      );
      toast.success(t("ticketView.forward.done"));
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("ticketView.forward.title")}</DialogTitle>
      <DialogContent>
        {message?.body && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: "pre-wrap" }}>
            {message.body}
          </Typography>
        )}
        <Autocomplete
          multiple
          options={enabled ? (contacts.data ?? []) : []}
          value={chosen}
          loading={enabled && contacts.isFetching}
          filterOptions={(options) => options}
          getOptionLabel={(contact) => `${contact.name} (${phone(contact.number)})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setChosen(value)}
          inputValue={term}
          onInputChange={(_, value, reason) => {
            if (reason !== "reset") setTerm(value);
          }}
          noOptionsText={
            term.trim().length < LIMITS.searchMinChars
              ? t("ticketView.forward.searchHelp")
              : t("ticketView.forward.noContacts")
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t("ticketView.forward.search")}
              helperText={t("ticketView.forward.searchHelp")}
              autoFocus
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={() => void forward()} disabled={busy || chosen.length === 0}>
          {t("ticketView.forward.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
