import { type ChatDto, chatSaveSchema } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserChoices } from "../../api/users";
import { DialogForm } from "../../components/DialogForm";
import { MultiSelect } from "../../components/MultiSelect";

interface ChatDialogProps {
  /** The chat to edit; absent for a new one. */
  chat?: ChatDto;
  /** The signed-in user: always in the chat, not offered in the picker. */
  userId: number;
  busy: boolean;
  onSave: (body: { title: string; users: number[] }) => void;
  onClose: () => void;
}

/**
 * Creates or edits a chat (spec 3 section 5): a title and the company's users
 * taking part. Save stays disabled until the title is not blank and at least
 * one user is chosen.
 */
export function ChatDialog({ chat, userId, busy, onSave, onClose }: ChatDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const choices = useUserChoices(true);
  const [title, setTitle] = useState(chat?.title ?? "");
  const [users, setUsers] = useState<number[]>(
    chat?.users.map((participant) => participant.userId).filter((id) => id !== userId) ?? [],
  );
  const parsed = chatSaveSchema.safeParse({ title, users });
  const options = (choices.data ?? [])
    .filter((user) => user.id !== userId)
    .map((user) => ({ value: user.id, label: user.name }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parsed.success && !busy) onSave(parsed.data);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {chat ? t("topBar.chatPage.dialog.editTitle") : t("topBar.chatPage.dialog.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              autoFocus
              required
              size="small"
              name="title"
              label={t("topBar.chatPage.dialog.title")}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <MultiSelect
              name="users"
              label={t("topBar.chatPage.dialog.users")}
              options={options}
              value={users}
              onChange={setUsers}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!parsed.success || busy}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
