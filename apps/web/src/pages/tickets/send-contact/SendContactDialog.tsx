import { type ContactDto, type ContactList, LIMITS, type MessageDto } from "@inbox/shared";
import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
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
import { api } from "../../../api/client";
import { messagesApi } from "../../../api/messages";
import { useDebouncedValue } from "../../../app/hooks/use-debounced-value";
import { errorMessage, toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { usePhoneFormat } from "../../contacts/phone-format";

/** The number a contact card can carry (the server's rule): 8 to 20 digits; masked or group ids cannot. */
export function cardNumber(contact: Pick<ContactDto, "number" | "isGroup">): string | null {
  if (contact.isGroup) return null;
  const number = contact.number.trim();
  return /^\+?\d{8,20}$/.test(number) ? number.replace(/^\+/, "") : null;
}

interface SendContactDialogProps {
  ticketId: number;
  isPrivate: boolean;
  onSent: (message: MessageDto) => void;
  onClose: () => void;
}

/**
 * The send-contact picker (spec 1 section 2): a contact searched from 3
 * characters (GET /contacts?searchParam=, debounced) is sent as a contact
 * card, POST /messages/{ticketId} {vCard: {name, number}}.
 */
export function SendContactDialog({ ticketId, isPrivate, onSent, onClose }: SendContactDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  const titleId = useId();
  const [term, setTerm] = useState("");
  const [chosen, setChosen] = useState<ContactDto | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useDebouncedValue(term.trim(), LIMITS.searchDebounceMs);
  const enabled = search.length >= LIMITS.searchMinChars;
  const contacts = useQuery({
    queryKey: ["contacts", "card", search],
    queryFn: ({ signal }) => api.get<ContactList>("/contacts", { searchParam: search }, signal),
    enabled,
  });
  const number = chosen ? cardNumber(chosen) : null;

  const send = async () => {
    if (!chosen || !number || busy) return;
    setBusy(true);
    try {
      const message = await messagesApi.sendContact(ticketId, { name: chosen.name, number }, isPrivate);
      toast.success(t("ticketTools.sendContact.sent"));
      onSent(message);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const tooShort = term.trim().length < LIMITS.searchMinChars;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("ticketTools.sendContact.title")}</DialogTitle>
      <DialogContent>
        <Autocomplete
          options={enabled ? (contacts.data?.contacts ?? []) : []}
          value={chosen}
          loading={enabled && contacts.isFetching}
          loadingText={t("common.loading")}
          filterOptions={(options) => options}
          getOptionLabel={(contact) => `${contact.name} (${phone(contact.number)})`}
          getOptionDisabled={(contact) => cardNumber(contact) === null}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setChosen(value)}
          inputValue={term}
          onInputChange={(_, value, reason) => {
            if (reason !== "reset") setTerm(value);
          }}
          noOptionsText={
            tooShort ? t("ticketTools.sendContact.searchHelp") : t("ticketTools.sendContact.noContacts")
          }
          renderOption={({ key, ...props }, contact) => (
            <Box component="li" key={key} {...props}>
              <Box>
                <Typography variant="body2">{contact.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {cardNumber(contact) === null ? t("ticketTools.sendContact.noNumber") : contact.number}
                </Typography>
              </Box>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="dense"
              label={t("ticketTools.sendContact.search")}
              helperText={t("ticketTools.sendContact.searchHelp")}
              autoFocus
            />
          )}
        />
        {contacts.isError && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {errorMessage(contacts.error)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy || !number}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("ticketTools.sendContact.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
