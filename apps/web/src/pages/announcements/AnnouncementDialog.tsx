import { type AnnouncementDto, isAnnouncementMediaName } from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveAnnouncement } from "../../api/announcements-admin";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";

interface AnnouncementDialogProps {
  /** The announcement being edited, or null for a new one. */
  announcement: AnnouncementDto | null;
  onClose: () => void;
}

type Field = "title" | "text" | "file";

/** Title and text (required), priority, status and a png/jpg/jpeg attachment (spec 3 sections 2 and 5). */
export function AnnouncementDialog({ announcement, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const save = useSaveAnnouncement();
  const [title, setTitle] = useState(announcement?.title ?? "");
  const [text, setText] = useState(announcement?.text ?? "");
  const [priority, setPriority] = useState(announcement?.priority ?? 3);
  const [status, setStatus] = useState(announcement?.status ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const fileName = file?.name ?? (removeFile ? null : (announcement?.mediaName ?? null));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!title.trim()) found.title = t("announcementsAdmin.required");
    if (!text.trim()) found.text = t("announcementsAdmin.required");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        id: announcement?.id ?? null,
        body: { title: title.trim(), text: text.trim(), priority, status },
        file,
        removeFile,
      });
      toast.success(t("announcementsAdmin.saved"));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isAnnouncementMediaName(chosen.name)) {
      setErrors((current) => ({ ...current, file: t("announcementsAdmin.fileTypes") }));
      return;
    }
    setErrors((current) => ({ ...current, file: undefined }));
    setFile(chosen);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>
        {announcement ? t("announcementsAdmin.editTitle") : t("announcementsAdmin.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t("announcementsAdmin.fields.title")}
              required
              autoFocus
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={Boolean(errors.title)}
              helperText={errors.title}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={t("announcementsAdmin.fields.text")}
              required
              multiline
              minRows={4}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={Boolean(errors.text)}
              helperText={errors.text}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <TextField
              select
              label={t("announcementsAdmin.fields.priority")}
              value={priority}
              onChange={(event) => setPriority(Number(event.target.value))}
            >
              {[1, 2, 3].map((level) => (
                <MenuItem key={level} value={level}>
                  {t(`announcementsAdmin.priority${level as 1 | 2 | 3}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              label={t("announcementsAdmin.fields.status")}
              control={<Switch checked={status} onChange={(_event, checked) => setStatus(checked)} />}
            />
            <Stack direction="row" spacing={1} alignItems="center">
              <input
                ref={fileRef}
                type="file"
                hidden
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                aria-label={t("announcementsAdmin.attach")}
                onChange={(event) => {
                  pick(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
              <Button startIcon={<AttachFileIcon />} onClick={() => fileRef.current?.click()}>
                {t("announcementsAdmin.attach")}
              </Button>
              <Typography
                variant="body2"
                sx={{ overflowWrap: "anywhere" }}
                data-testid="announcement-file-name"
              >
                {fileName ?? t("announcementsAdmin.noFile")}
              </Typography>
              {fileName && (
                <Tooltip title={t("announcementsAdmin.removeFile")}>
                  <IconButton
                    size="small"
                    aria-label={t("announcementsAdmin.removeFile")}
                    onClick={() => {
                      setFile(null);
                      setRemoveFile(true);
                    }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            {errors.file && (
              <Typography variant="body2" color="error" role="alert">
                {errors.file}
              </Typography>
            )}
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
