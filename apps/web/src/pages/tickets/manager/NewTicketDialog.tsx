import { type ContactDto, LIMITS, type UserDto } from "@inbox/shared";
import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/api-error";
import { useConnectionOptions } from "../../../api/connections";
import { useQueueOptions } from "../../../api/queues";
import { ticketActionsApi, useContactSearch } from "../../../api/ticket-actions";
import { isAdmin } from "../../../app/permissions";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { usePhoneFormat } from "../../contacts/phone-format";
import type { TakenBy } from "../conversation/TicketTakenDialog";
import { useDebouncedValue } from "./use-debounced-value";

/** Where the app goes after a new ticket: the ticket, in its status tab. */
export interface ShownTicket {
  uuid: string;
  status: string;
}

interface NewTicketDialogProps {
  open: boolean;
  user: UserDto;
  onClose: () => void;
  onShow: (ticket: ShownTicket) => void;
  /** ERR_OTHER_OPEN_TICKET for a ticket another attendant holds. */
  onTaken: (takenBy: TakenBy) => void;
}

const hasNumber = (contact: ContactDto | null): contact is ContactDto => Boolean(contact?.number.trim());

/**
 * The new-ticket dialog (spec 1 sections 4 and 5): a contact searched from 3
 * characters, a queue ('Selecione uma fila') and a connection, both
 * required; confirm stays disabled until a contact with a number is chosen.
 * The contact's status is asked first: waiting in a queue or held by another
 * attendant refuses. An open ticket the server names is shown, or the
 * 'already being handled' notice when another user holds it.
 */
export function NewTicketDialog({ open, user, onClose, onShow, onTaken }: NewTicketDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  const titleId = useId();
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [text, setText] = useState("");
  const [queueId, setQueueId] = useState<number | "">("");
  const [whatsappId, setWhatsappId] = useState<number | "">(user.whatsappId ?? "");
  const [errors, setErrors] = useState<{ queue?: string; connection?: string }>({});
  const [busy, setBusy] = useState(false);

  const term = useDebouncedValue(text.trim());
  const searching = term.length >= LIMITS.searchMinChars;
  const contacts = useContactSearch(term, open && searching);
  const allQueues = useQueueOptions(open);
  const connections = useConnectionOptions(open);
  // An attendant opens tickets in their own queues; an admin (or one without queues) in any.
  const queues = isAdmin(user) || user.queues.length === 0 ? (allQueues.data ?? []) : user.queues;
  const connectionChoices = connections.data ?? [];
  // The user's default connection, or the only one there is.
  const onlyConnection = connectionChoices.length === 1 ? (connectionChoices[0]?.id ?? "") : "";
  const chosenConnection = connectionChoices.some((c) => c.id === whatsappId) ? whatsappId : onlyConnection;

  const reset = () => {
    setContact(null);
    setText("");
    setQueueId("");
    setWhatsappId(user.whatsappId ?? "");
    setErrors({});
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const finish = (action: () => void) => {
    reset();
    onClose();
    action();
  };

  const submit = async () => {
    if (!hasNumber(contact)) return;
    const missing = {
      queue: queueId === "" ? t("ticketsManager.newTicket.queueRequired") : undefined,
      connection: chosenConnection === "" ? t("ticketsManager.newTicket.connectionRequired") : undefined,
    };
    setErrors(missing);
    if (missing.queue || missing.connection || queueId === "" || chosenConnection === "") return;
    setBusy(true);
    try {
      const status = await ticketActionsApi.contactStatus(contact.id);
      if (status.beingAttendedBy) {
        // One's own open ticket is simply shown; another attendant's refuses, naming them.
        if (status.beingAttendedBy.id === user.id && status.ticket) {
          const shown = status.ticket;
          finish(() => onShow(shown));
        } else {
          toast.error(t("ticketsManager.newTicket.beingAttendedBy", { user: status.beingAttendedBy.name }));
        }
        return;
      }
      if (status.inQueue) {
        toast.error(t("ticketsManager.newTicket.inQueue"));
        return;
      }
      const created = await ticketActionsApi.create({
        contactId: contact.id,
        queueId,
        whatsappId: chosenConnection,
        userId: user.id,
        status: "open",
      });
      finish(() => onShow(created));
    } catch (error) {
      const existing = isApiError(error) && error.code === "ERR_OTHER_OPEN_TICKET" ? error.ticket : undefined;
      if (!existing) {
        toastError(error);
      } else if (existing.userId !== null && existing.userId !== user.id) {
        finish(() =>
          onTaken({ userName: existing.user?.name ?? null, queueName: existing.queue?.name ?? null }),
        );
      } else {
        finish(() => onShow(existing));
      }
    } finally {
      setBusy(false);
    }
  };

  const noOptionsText = searching
    ? t("ticketsManager.newTicket.noContacts")
    : t("ticketsManager.newTicket.contactHint");

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("ticketsManager.newTicket.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete<ContactDto>
            value={contact}
            onChange={(_, value) => setContact(value)}
            inputValue={text}
            onInputChange={(_, value) => setText(value)}
            options={searching ? (contacts.data?.contacts ?? []) : []}
            filterOptions={(options) => options}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={searching && contacts.isFetching}
            loadingText={t("ticketsManager.newTicket.searching")}
            noOptionsText={noOptionsText}
            renderOption={({ key, ...props }, option) => (
              <Box component="li" key={key} {...props}>
                <Box>
                  <Typography variant="body2">{option.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {phone(option.number)}
                  </Typography>
                </Box>
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t("ticketsManager.newTicket.contact")}
                error={contact !== null && !hasNumber(contact)}
                helperText={
                  contact !== null && !hasNumber(contact)
                    ? t("ticketsManager.newTicket.noNumber")
                    : contact
                      ? phone(contact.number)
                      : t("ticketsManager.newTicket.contactHint")
                }
              />
            )}
          />
          <TextField
            select
            required
            name="queueId"
            label={t("ticketsManager.newTicket.queue")}
            value={queueId}
            onChange={(event) => {
              setQueueId(Number(event.target.value));
              setErrors((current) => ({ ...current, queue: undefined }));
            }}
            error={Boolean(errors.queue)}
            helperText={errors.queue}
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            required
            name="whatsappId"
            label={t("ticketsManager.newTicket.connection")}
            value={chosenConnection}
            onChange={(event) => {
              setWhatsappId(Number(event.target.value));
              setErrors((current) => ({ ...current, connection: undefined }));
            }}
            error={Boolean(errors.connection)}
            helperText={errors.connection}
          >
            {connectionChoices.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!hasNumber(contact) || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("ticketsManager.newTicket.create")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
