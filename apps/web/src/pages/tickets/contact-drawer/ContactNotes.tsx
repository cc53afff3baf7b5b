import { zodResolver } from "@hookform/resolvers/zod";
import { ticketNoteCreateSchema } from "@inbox/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import {
  Alert,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contactKeys, contactsApi, useTicketNotes } from "../../../api/contacts";
import { formatDateTimeShort } from "../../../app/format-date";
import { errorMessage, toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LoadingState } from "../../../components/LoadingState";
import { muiRegister } from "../../../components/mui-register";

/** The note form: the shared rule (required, at least 2 characters) without the ids the drawer adds. */
const noteFormSchema = ticketNoteCreateSchema.pick({ note: true });
const resolver = zodResolver(noteFormSchema);

/** The ticket's internal notes (spec 1 sections 2, 5, 8): list, add, delete. */
export function ContactNotes({ contactId, ticketId }: { contactId: number; ticketId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notes = useTicketNotes(contactId, ticketId);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }>({ resolver, defaultValues: { note: "" } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(contactId, ticketId) });

  const add = handleSubmit(async ({ note }) => {
    try {
      await contactsApi.addNote({ note, ticketId, contactId });
      reset({ note: "" });
      toast.success(t("ticketView.drawer.noteAdded"));
      await refresh();
    } catch (error) {
      toastError(error);
    }
  });

  const remove = async () => {
    if (deleting === null) return;
    setBusy(true);
    try {
      await contactsApi.removeNote(deleting);
      setDeleting(null);
      toast.success(t("ticketView.drawer.noteDeleted"));
      await refresh();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <form onSubmit={add} noValidate>
        <TextField
          label={t("ticketView.drawer.newNote")}
          multiline
          minRows={2}
          fullWidth
          size="small"
          error={Boolean(errors.note)}
          helperText={errors.note?.message}
          {...muiRegister(register("note"))}
        />
        <Button type="submit" size="small" variant="contained" disabled={isSubmitting} sx={{ mt: 1 }}>
          {t("ticketView.drawer.addNote")}
        </Button>
      </form>
      {notes.isPending ? (
        <LoadingState />
      ) : notes.isError ? (
        <Alert severity="error">{errorMessage(notes.error)}</Alert>
      ) : notes.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("ticketView.drawer.noNotes")}
        </Typography>
      ) : (
        <List dense aria-label={t("ticketView.drawer.notes")} disablePadding>
          {notes.data.map((note) => (
            <ListItem
              key={note.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t("ticketView.drawer.deleteNote")}
                  onClick={() => setDeleting(note.id)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={note.note}
                secondary={[note.user?.name, formatDateTimeShort(note.createdAt)].filter(Boolean).join(" · ")}
                slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("ticketView.drawer.deleteNote")}
        message={t("users.deleteMessage")}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
