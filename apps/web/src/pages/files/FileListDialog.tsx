import { FILE_LIST_MESSAGE_MAX, FILE_LIST_NAME_MAX, type FileListDto } from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
} from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveFileList } from "../../api/files";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { FileOptionsField } from "./FileOptionsField";
import { type FileListDraft, type FileListErrors, toBody, toDraft, validate } from "./file-list-form";

interface FileListDialogProps {
  /** The list being edited, or null for a new one. */
  list: FileListDto | null;
  onClose: () => void;
}

/**
 * Creates or edits a file list (spec 3 section 2): name, message and the options. The fields are
 * saved first; then the options' new files go up in one POST /files/uploadList/{id}.
 */
export function FileListDialog({ list, onClose }: FileListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveFileList();
  const [draft, setDraft] = useState<FileListDraft>(() => toDraft(list));
  const [errors, setErrors] = useState<FileListErrors>({});
  const change = (patch: Partial<FileListDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toBody(draft);
    const found = validate(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { uploadError } = await save.mutateAsync({
        id: list?.id ?? null,
        body,
        files: draft.options.map((option) => option.file),
      });
      // The fields are saved either way; a refused file is told, and the list can be edited again.
      if (uploadError) toastError(uploadError);
      else toast.success(t("files.saved"));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>{list ? t("files.editTitle") : t("files.addTitle")}</DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t("files.fields.name")}
              name="name"
              required
              autoFocus
              size="small"
              value={draft.name}
              onChange={(event) => change({ name: event.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: FILE_LIST_NAME_MAX } }}
            />
            <TextField
              label={t("files.fields.message")}
              name="message"
              required
              multiline
              minRows={3}
              size="small"
              value={draft.message}
              onChange={(event) => change({ message: event.target.value })}
              error={Boolean(errors.message)}
              helperText={errors.message}
              slotProps={{ htmlInput: { maxLength: FILE_LIST_MESSAGE_MAX } }}
            />
            <Divider />
            <FileOptionsField
              options={draft.options}
              errors={errors}
              onChange={(options) => change({ options })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
