import { LIMITS } from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { Box, Button, Chip, FormHelperText, Link, Stack, Typography } from "@mui/material";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** What the dialog will do with the greeting's file when it saves. */
export type GreetingMediaChange = { kind: "keep" } | { kind: "upload"; file: File } | { kind: "remove" };

interface GreetingMediaFieldProps {
  /** The stored file (its address and name), if any. */
  current: { url: string; name: string | null } | null;
  change: GreetingMediaChange;
  onChange: (change: GreetingMediaChange) => void;
}

/**
 * The file sent with the greeting (POST/DELETE /whatsapp/{id}/media-upload).
 * Nothing is sent until the dialog saves: a chosen file is uploaded after the
 * connection (so a new connection can have one too), a removal is applied
 * then, and Cancel leaves the stored file as it was.
 */
export function GreetingMediaField({ current, change, onChange }: GreetingMediaFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [error, setError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > LIMITS.messageMediaMaxBytes) {
      setError(t("connectionModal.media.tooLarge"));
      return;
    }
    setError(null);
    onChange({ kind: "upload", file });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          onClick={() => input.current?.click()}
          aria-describedby={helpId}
        >
          {t("connectionModal.media.attach")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t("connectionModal.media.attach")}
          accept="image/*,video/*,audio/*,application/*,text/plain,text/csv"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {change.kind === "upload" && (
          <Chip
            label={`${change.file.name} · ${t("connectionModal.media.pending")}`}
            onDelete={() => onChange({ kind: "keep" })}
          />
        )}
        {change.kind !== "upload" && current && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Typography variant="body2" component="span">
              {t("connectionModal.media.current")}:{" "}
              <Link href={current.url} target="_blank" rel="noopener noreferrer">
                {current.name ?? current.url.split("/").pop()}
              </Link>
              {change.kind === "remove" && ` · ${t("connectionModal.media.willRemove")}`}
            </Typography>
            {change.kind === "remove" ? (
              <Button size="small" onClick={() => onChange({ kind: "keep" })}>
                {t("connectionModal.media.undo")}
              </Button>
            ) : (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => onChange({ kind: "remove" })}
              >
                {t("connectionModal.media.remove")}
              </Button>
            )}
          </Box>
        )}
      </Stack>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? t("connectionModal.help.greetingMedia")}
      </FormHelperText>
    </Stack>
  );
}
