import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactListItemDto, contactListRowSchema, contactListSchema } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { isApiError } from "../../api/api-error";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { DialogForm } from "../../components/DialogForm";
import { formatPhone, isTypedPhoneValid, usePhoneCountry } from "../contacts/phone-format";

/** The shared schemas' messages (the spec's English) as i18n keys. */
const MESSAGE_KEYS = {
  Required: "contactLists.validation.required",
  "Too Short!": "contactLists.validation.tooShort",
  "Too Long!": "contactLists.validation.tooLong",
  "Invalid email": "contactLists.validation.invalidEmail",
} as const;

function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = MESSAGE_KEYS[message as keyof typeof MESSAGE_KEYS];
    return key ? t(key) : message;
  };
}

interface ListDialogProps {
  open: boolean;
  /** The list being renamed, or null for a new one. */
  editing: { id: number; name: string } | null;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create or rename a list: name 2 to 50 (spec 3 section 5). */
export function ContactListDialog({ open, editing, onSave, onClose }: ListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const message = useMessage();
  const form = useForm<z.input<typeof contactListSchema>, unknown, z.output<typeof contactListSchema>>({
    resolver: zodResolver(contactListSchema),
    values: { name: editing?.name ?? "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values.name);
      onClose();
    } catch (error) {
      toastError(error);
    }
  });
  const error = form.formState.errors.name?.message;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {editing ? t("contactLists.editTitle") : t("contactLists.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent>
          <TextField
            label={t("contactLists.fields.name")}
            required
            fullWidth
            autoFocus
            margin="dense"
            {...form.register("name")}
            error={Boolean(error)}
            helperText={message(error)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}

type RowValues = z.output<typeof contactListRowSchema>;

interface ItemDialogProps {
  open: boolean;
  /** The item being edited, or null for a new one. */
  editing: ContactListItemDto | null;
  onSave: (values: RowValues) => Promise<void>;
  onClose: () => void;
}

/** Add or edit a person of the list: name 2 to 50, number 8 to 50 digits, a valid email or none. */
export function ContactListItemDialog({ open, editing, onSave, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const message = useMessage();
  const phoneCountry = usePhoneCountry();
  const shownNumber = editing ? formatPhone(editing.number, phoneCountry) : "";
  const form = useForm<z.input<typeof contactListRowSchema>, unknown, RowValues>({
    resolver: zodResolver(contactListRowSchema),
    values: { name: editing?.name ?? "", number: shownNumber, email: editing?.email ?? "" },
  });
  const invalidNumber = () =>
    form.setError(
      "number",
      { type: "phone", message: t("errors.ERR_WAPP_INVALID_CONTACT") },
      { shouldFocus: true },
    );
  const submit = form.handleSubmit(async (values) => {
    // The server's rule (E.164 in the company's country) before the round trip; an unchanged number is kept.
    const typed = form.getValues("number");
    if (typed !== shownNumber && !isTypedPhoneValid(typed, phoneCountry)) return invalidNumber();
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      if (
        isApiError(error) &&
        (error.code === "ERR_WAPP_INVALID_CONTACT" || error.code === "ERR_DUPLICATED_CONTACT")
      )
        form.setError("number", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
      else toastError(error);
    }
  });
  const { errors } = form.formState;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {editing ? t("contactLists.items.editTitle") : t("contactLists.items.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={submit}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("contactLists.items.fields.name")}
              required
              autoFocus
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={message(errors.name?.message)}
            />
            <TextField
              label={t("contactLists.items.fields.number")}
              required
              placeholder={formatPhone("5511988887777", phoneCountry)}
              {...form.register("number")}
              error={Boolean(errors.number)}
              helperText={message(errors.number?.message)}
            />
            <TextField
              label={t("contactLists.items.fields.email")}
              type="email"
              {...form.register("email")}
              error={Boolean(errors.email)}
              helperText={message(errors.email?.message)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
