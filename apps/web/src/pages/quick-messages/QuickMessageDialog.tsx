import { canChangeQuickMessage, type QuickMessageDto } from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveQuickMessage } from "../../api/quick-messages";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";

interface QuickMessageDialogProps {
  /** The quick message being edited, or null for a new one. */
  quick: QuickMessageDto | null;
  userId: number;
  onClose: () => void;
}

/**
 * Creates or edits a quick message: shortcode (required), text, an optional
 * file and the geral switch. Another user's personal message opens read-only
 * (spec 3 sections 5 and 6): every field is locked and there is no save.
 */
export function QuickMessageDialog({ quick, userId, onClose }: QuickMessageDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const save = useSaveQuickMessage();
  const [shortcode, setShortcode] = useState(quick?.shortcode ?? "");
  const [message, setMessage] = useState(quick?.message ?? "");
  const [geral, setGeral] = useState(quick?.geral ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [shortcodeError, setShortcodeError] = useState(false);
  const readOnly = quick !== null && !canChangeQuickMessage(quick, userId);
  const fileName = file?.name ?? (removeFile ? null : (quick?.mediaName ?? null));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly) return;
    if (!shortcode.trim()) {
      setShortcodeError(true);
      return;
    }
    try {
      await save.mutateAsync({
        id: quick?.id ?? null,
        body: { shortcode: shortcode.trim(), message, geral },
        file,
        removeFile,
      });
      toast.success(t("quickMessages.saved"));
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle id={titleId}>
        {quick ? t("quickMessages.editTitle") : t("quickMessages.addTitle")}
      </DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {readOnly && <Alert severity="info">{t("quickMessages.readOnly")}</Alert>}
            <TextField
              label={t("quickMessages.fields.shortcode")}
              name="shortcode"
              required
              autoFocus={!readOnly}
              disabled={readOnly}
              value={shortcode}
              onChange={(event) => {
                setShortcode(event.target.value);
                setShortcodeError(false);
              }}
              error={shortcodeError}
              helperText={shortcodeError ? t("quickMessages.required") : undefined}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t("quickMessages.fields.message")}
              name="message"
              multiline
              minRows={4}
              disabled={readOnly}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            <FormControlLabel
              disabled={readOnly}
              label={t("quickMessages.fields.geral")}
              control={
                <Switch name="geral" checked={geral} onChange={(_event, checked) => setGeral(checked)} />
              }
            />
            <Stack direction="row" spacing={1} alignItems="center">
              <input
                ref={fileRef}
                type="file"
                hidden
                aria-label={t("quickMessages.attach")}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  event.target.value = "";
                }}
              />
              <Button
                startIcon={<AttachFileIcon />}
                disabled={readOnly}
                onClick={() => fileRef.current?.click()}
              >
                {t("quickMessages.attach")}
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }} data-testid="quick-file-name">
                {fileName ?? t("quickMessages.noFile")}
              </Typography>
              {fileName && !readOnly && (
                <Tooltip title={t("quickMessages.removeFile")}>
                  <IconButton
                    size="small"
                    aria-label={t("quickMessages.removeFile")}
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{readOnly ? t("quickMessages.close") : t("common.cancel")}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t("common.save")}
            </Button>
          )}
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
