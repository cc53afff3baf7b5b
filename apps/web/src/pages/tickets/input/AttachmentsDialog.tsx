import AudioFileIcon from "@mui/icons-material/AudioFile";
import CloseIcon from "@mui/icons-material/Close";
import DescriptionIcon from "@mui/icons-material/Description";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MediaToSend } from "../../../api/messages";
import { attachmentKind } from "./attachments";

interface AttachmentsDialogProps {
  files: File[];
  busy: boolean;
  onSend: (medias: MediaToSend[]) => void;
  onClose: () => void;
}

function Preview({ file, url }: { file: File; url: string }) {
  const kind = attachmentKind(file);
  if (kind === "image")
    return (
      <Box
        component="img"
        src={url || undefined}
        alt={file.name}
        sx={{ maxWidth: "100%", maxHeight: 200, borderRadius: 1 }}
      />
    );
  if (kind === "video")
    return (
      <Box component="video" src={url || undefined} controls sx={{ maxWidth: "100%", maxHeight: 200 }} />
    );
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {kind === "audio" ? <AudioFileIcon color="action" /> : <DescriptionIcon color="action" />}
      <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
        {file.name}
      </Typography>
    </Stack>
  );
}

/** The media preview with a caption per file (spec 1 section 2, dialogs). */
export function AttachmentsDialog({ files, busy, onSend, onClose }: AttachmentsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // Each file keeps a key of its own: removing one must not hand its caption to the next.
  const [items, setItems] = useState(() => files.map((file, key) => ({ file, caption: "", key })));
  // One preview address per file, made in an effect so that it survives caption typing and
  // StrictMode's second run (an address revoked by a cleanup must not stay on screen).
  const [urls, setUrls] = useState<Map<File, string>>(() => new Map());
  useEffect(() => {
    const made = new Map(files.map((file) => [file, URL.createObjectURL(file)]));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  useEffect(() => {
    if (items.length === 0) onClose();
  }, [items.length, onClose]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("ticketView.attachments.title")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {items.map((item, index) => (
            <Box key={item.key} sx={{ position: "relative", pr: 5 }}>
              <Preview file={item.file} url={urls.get(item.file) ?? ""} />
              <IconButton
                aria-label={t("ticketView.attachments.remove", { name: item.file.name })}
                onClick={() => setItems((current) => current.filter((_, i) => i !== index))}
                sx={{ position: "absolute", top: 0, right: 0 }}
                size="small"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
              {attachmentKind(item.file) !== "audio" && (
                <TextField
                  fullWidth
                  size="small"
                  margin="dense"
                  label={t("ticketView.attachments.caption", { name: item.file.name })}
                  value={item.caption}
                  autoFocus={index === 0}
                  onChange={(event) =>
                    setItems((current) =>
                      current.map((it, i) => (i === index ? { ...it, caption: event.target.value } : it)),
                    )
                  }
                />
              )}
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          disabled={busy || items.length === 0}
          onClick={() => onSend(items.map(({ file, caption }) => ({ file, caption })))}
        >
          {t("ticketView.attachments.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
