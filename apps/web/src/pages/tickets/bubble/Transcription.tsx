import type { MessageDto } from "@inbox/shared";
import SubjectIcon from "@mui/icons-material/Subject";
import { Box, Button, CircularProgress, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { messagesApi } from "../../../api/messages";
import { errorMessage } from "../../../app/toast/toast-error";

/** The stored file name the transcription route takes (its last path segment), or null. */
export function transcriptionFile(mediaUrl: string | null): string | null {
  if (!mediaUrl) return null;
  let path: string;
  try {
    path = new URL(mediaUrl, "http://relative.invalid").pathname;
  } catch {
    return null;
  }
  const last = path.split("/").pop() ?? "";
  let file: string;
  try {
    file = decodeURIComponent(last);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file) && file.length <= 200 ? file : null;
}

/** May this message be transcribed? Received audio only (spec 1 section 6). */
export function canTranscribe(message: MessageDto): boolean {
  return !message.fromMe && !message.isDeleted && message.mediaType === "audio" && Boolean(message.mediaUrl);
}

type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "done"; text: string }
  | { kind: "error"; text: string };

/**
 * The transcription button under a received audio: GET
 * /messages/transcribeAudio/{file}; shows the text, or why it failed
 * (unexpected URL format, invalid transcription data, or the server's
 * translated message, spec 1 section 8).
 */
export function Transcription({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: "idle" });
  const running = useRef(false);

  const transcribe = async () => {
    if (running.current) return;
    const file = transcriptionFile(message.mediaUrl);
    if (!file) {
      setState({ kind: "error", text: t("ticketTools.bubble.badUrl") });
      return;
    }
    running.current = true;
    setState({ kind: "loading" });
    try {
      const answer = await messagesApi.transcribe(file);
      const text = (answer as { transcribedText?: unknown } | null)?.transcribedText;
      if (typeof text !== "string") setState({ kind: "error", text: t("ticketTools.bubble.badData") });
      else setState({ kind: "done", text });
    } catch (error) {
      setState({ kind: "error", text: errorMessage(error) });
    } finally {
      running.current = false;
    }
  };

  if (state.kind === "done")
    return (
      <Box
        role="note"
        aria-label={t("ticketTools.bubble.transcription")}
        sx={{ mt: 0.5, pl: 1, borderLeft: 2, borderColor: "divider" }}
      >
        <Typography variant="caption" sx={{ display: "block", fontWeight: 600 }}>
          {t("ticketTools.bubble.transcription")}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {state.text}
        </Typography>
      </Box>
    );

  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        color="inherit"
        onClick={() => void transcribe()}
        disabled={state.kind === "loading"}
        startIcon={
          state.kind === "loading" ? <CircularProgress size={14} color="inherit" /> : <SubjectIcon />
        }
        sx={{ textTransform: "none", py: 0 }}
      >
        {state.kind === "loading" ? t("ticketTools.bubble.transcribing") : t("ticketTools.bubble.transcribe")}
      </Button>
      {state.kind === "error" && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: "block" }}>
          {state.text}
        </Typography>
      )}
    </Box>
  );
}
