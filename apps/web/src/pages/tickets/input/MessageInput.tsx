import type { MessageDto, QuickMessageDto, TicketDto, UserDto } from "@inbox/shared";
import { LIMITS } from "@inbox/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import MicIcon from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type MediaToSend, messagesApi, useQuickMessages } from "../../../api/messages";
import { useQuickMessageEvents } from "../../../api/quick-messages";
import { useStoredFlag } from "../../../app/hooks/use-stored-flag";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { stripWhatsApp } from "../bubble/whatsapp-format";
import { CameraDialog } from "../camera/CameraDialog";
import { SendContactDialog } from "../send-contact/SendContactDialog";
import { AttachmentsDialog } from "./AttachmentsDialog";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_FILES, attachmentProblem } from "./attachments";
import { ComposerEmojiPicker } from "./ComposerEmojiPicker";
import { type AttachmentTool, MoreAttachmentsMenu } from "./MoreAttachmentsMenu";
import { matchQuickReplies, QuickReplies } from "./QuickReplies";
import { RecordingBar } from "./RecordingBar";
import { recordingFile, useAudioRecorder } from "./use-audio-recorder";

export const SIGN_STORAGE_KEY = "signOption";
export const PRIVATE_STORAGE_KEY = "privateMessage";

interface MessageInputProps {
  ticket: TicketDto;
  user: UserDto;
  replyTo: MessageDto | null;
  onCancelReply: () => void;
  editing: MessageDto | null;
  onCancelEdit: () => void;
  /** Messages the server answered with (new ones, or the edited one). */
  onSent: (messages: MessageDto[], edited: boolean) => void;
}

const ANSWERABLE = new Set(["open", "group"]);

/**
 * Whether the company lets attendants sign (sendSignMessage, kept live in the
 * user's company settings); unknown counts as enabled, the server's default.
 */
export function signingAllowed(user: UserDto): boolean {
  const setting = user.company?.companieSettings?.find((s) => s.key === "sendSignMessage");
  return setting?.value !== "disabled";
}

/**
 * The message input (spec 1 sections 2, 4, 5, 9): text (Enter sends,
 * Shift+Enter breaks the line, empty trimmed text does nothing), quick
 * replies on '/', emojis, attachments with preview and captions, reply and
 * edit, private-note and signature toggles kept locally, audio recording.
 */
export function MessageInput({
  ticket,
  user,
  replyTo,
  onCancelReply,
  editing,
  onCancelEdit,
  onSent,
}: MessageInputProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [signToggle, setSign] = useStoredFlag(SIGN_STORAGE_KEY, false);
  const [isPrivate, setPrivate] = useStoredFlag(PRIVATE_STORAGE_KEY, false);
  const canSign = signingAllowed(user);
  // The server signs (the stored text is what the contact got); a private note never is.
  const signMessage = canSign && signToggle && !isPrivate;
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const [files, setFiles] = useState<File[] | null>(null);
  const [tool, setTool] = useState<AttachmentTool | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const recorder = useAudioRecorder();
  const answerable = ANSWERABLE.has(ticket.status);
  const quick = useQuickMessages();
  useQuickMessageEvents();
  const suggestions = answerable ? matchQuickReplies(quick.data ?? [], text) : [];
  // The list (or its "none found") shows while the text starts with '/' and the quick messages are loaded.
  const showQuick = answerable && text.startsWith("/") && quick.isSuccess;

  // Editing starts from the message's text.
  const [editingId, setEditingId] = useState<number | null>(null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setText(editing ? editing.body : "");
  }

  const focusInput = () => inputRef.current?.focus();

  const run = async (work: () => Promise<void>) => {
    setSending(true);
    try {
      await work();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
      focusInput();
    }
  };

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    if (editing) {
      void run(async () => {
        const message = await messagesApi.edit(editing.id, trimmed);
        setText("");
        onCancelEdit();
        onSent([message], true);
      });
      return;
    }
    void run(async () => {
      const message = await messagesApi.sendText(ticket.id, {
        body: trimmed,
        isPrivate,
        signMessage,
        quotedMsg: replyTo ? { id: replyTo.id } : null,
      });
      setText("");
      onCancelReply();
      onSent([message], false);
    });
  };

  const pickQuick = (quickMessage: QuickMessageDto) => {
    if (quickMessage.mediaPath) {
      setText("");
      void run(async () => {
        const message = await messagesApi.sendText(ticket.id, {
          body: quickMessage.message,
          isPrivate,
          signMessage,
          quotedMsg: null,
          mediaUrl: quickMessage.mediaPath ?? undefined,
        });
        onSent([message], false);
      });
      return;
    }
    setText(quickMessage.message);
    setHighlighted(0);
    focusInput();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (suggestions.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlighted((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        const chosen = suggestions[Math.min(highlighted, suggestions.length - 1)];
        if (chosen) pickQuick(chosen);
        return;
      }
    }
    if (event.key === "Escape") {
      if (editing) {
        setText("");
        onCancelEdit();
      } else if (replyTo) onCancelReply();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiAnchor(null);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (chosen.length === 0) return;
    const problem = attachmentProblem(chosen);
    if (problem?.kind === "tooMany")
      toast.error(t("ticketView.attachments.tooMany", { count: ATTACHMENT_MAX_FILES }));
    else if (problem) toast.error(t(`ticketView.attachments.${problem.kind}`, { name: problem.name }));
    else setFiles(chosen);
  };

  const sendFiles = (medias: MediaToSend[]) =>
    void run(async () => {
      const first = await messagesApi.sendMedia(ticket.id, medias, isPrivate, signMessage);
      setFiles(null);
      onSent([first], false);
    });

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      toast.error(t("ticketView.input.noMicrophone"));
    }
  };

  const finishRecording = async (keep: boolean) => {
    const blob = await recorder.stop(keep);
    if (!blob) return;
    // Under 10,000 bytes a recording is a slip of the finger (spec 1 section 4): discarded.
    if (blob.size < LIMITS.recordingMinBytes) {
      toast.warning(t("ticketView.input.recordingTooShort"));
      return;
    }
    await run(async () => {
      const file = recordingFile(blob);
      const message = await messagesApi.sendMedia(ticket.id, [{ file, caption: "" }], isPrivate);
      onSent([message], false);
    });
  };

  const banner = editing
    ? {
        label: t("ticketView.input.editing"),
        body: stripWhatsApp(editing.body),
        cancel: t("ticketView.input.cancelEdit"),
      }
    : replyTo
      ? {
          label: t("ticketView.input.replyingTo", {
            name: replyTo.fromMe ? t("ticketView.input.you") : (ticket.contact?.name ?? ""),
          }),
          body: stripWhatsApp(replyTo.body) || t("tickets.conversation.media"),
          cancel: t("ticketView.input.cancelReply"),
        }
      : null;

  const cancelBanner = () => {
    if (editing) {
      setText("");
      onCancelEdit();
    } else onCancelReply();
    focusInput();
  };

  return (
    <Box
      sx={{
        position: "relative",
        borderTop: 1,
        borderColor: "divider",
        px: 1,
        pt: 0.5,
        pb: 0.5,
        bgcolor: "background.paper",
      }}
    >
      {banner && (
        <Paper
          variant="outlined"
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            px: 1.5,
            py: 0.5,
            mb: 0.5,
            borderLeft: 4,
            borderLeftColor: "primary.main",
          }}
        >
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              {banner.label}
            </Typography>
            <Typography variant="body2" noWrap>
              {banner.body}
            </Typography>
          </Box>
          <IconButton size="small" aria-label={banner.cancel} onClick={cancelBanner}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      )}
      {isPrivate && answerable && !editing && (
        // Note mode stays on after a note is sent (the toggle persists, spec 1 section 9): say so plainly.
        <Alert
          severity="warning"
          role="status"
          sx={{ mb: 0.5, py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={() => setPrivate(false)}>
              {t("shellCues.noteModeOff")}
            </Button>
          }
        >
          {t("shellCues.noteMode")}
        </Alert>
      )}
      {showQuick && (
        <QuickReplies
          id={listId}
          options={suggestions}
          highlighted={Math.min(highlighted, suggestions.length - 1)}
          onPick={pickQuick}
        />
      )}
      {recorder.recording ? (
        <RecordingBar seconds={recorder.seconds} onFinish={(keep) => void finishRecording(keep)} />
      ) : (
        <Stack direction="row" alignItems="flex-end" spacing={0.5}>
          <Tooltip title={t("ticketView.input.emoji")}>
            <span>
              <IconButton
                aria-label={t("ticketView.input.emoji")}
                disabled={!answerable || sending}
                onClick={(event) => setEmojiAnchor(event.currentTarget)}
              >
                <EmojiEmotionsOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t("ticketView.input.attach")}>
            <span>
              <IconButton
                aria-label={t("ticketView.input.attach")}
                disabled={!answerable || sending || Boolean(editing)}
                onClick={() => fileRef.current?.click()}
              >
                <AttachFileIcon />
              </IconButton>
            </span>
          </Tooltip>
          <MoreAttachmentsMenu disabled={!answerable || sending || Boolean(editing)} onPick={setTool} />
          <input
            ref={fileRef}
            type="file"
            hidden
            multiple
            accept={ATTACHMENT_ACCEPT}
            onChange={chooseFiles}
            data-testid="attach-input"
          />
          <TextField
            inputRef={inputRef}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setHighlighted(0);
            }}
            onKeyDown={handleKeyDown}
            placeholder={
              !answerable
                ? t(ticket.status === "closed" ? "ticketView.input.closed" : "ticketView.input.pending")
                : isPrivate
                  ? t("ticketView.input.placeholderPrivate")
                  : t("ticketView.input.placeholder")
            }
            disabled={!answerable}
            multiline
            maxRows={6}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: {
                "aria-label": t("ticketView.input.label"),
                "aria-controls": showQuick ? listId : undefined,
                "aria-autocomplete": "list",
              },
            }}
            sx={
              isPrivate
                ? {
                    "& .MuiInputBase-root": { bgcolor: "warning.light" },
                    "& .MuiOutlinedInput-notchedOutline": { borderColor: "warning.main", borderWidth: 2 },
                  }
                : undefined
            }
          />
          {sending ? (
            <Box sx={{ p: 1 }}>
              <CircularProgress size={24} aria-label={t("common.loading")} />
            </Box>
          ) : text.trim() || editing ? (
            <Tooltip title={t("ticketView.input.send")}>
              <IconButton
                aria-label={t("ticketView.input.send")}
                color="primary"
                onClick={send}
                disabled={!answerable}
              >
                <SendIcon />
              </IconButton>
            </Tooltip>
          ) : (
            <Tooltip title={t("ticketView.input.record")}>
              <span>
                <IconButton
                  aria-label={t("ticketView.input.record")}
                  disabled={!answerable}
                  onClick={() => void startRecording()}
                >
                  <MicIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={2} sx={{ pl: 1 }}>
        <FormControlLabel
          control={<Switch size="small" checked={isPrivate} onChange={(_, value) => setPrivate(value)} />}
          label={<Typography variant="caption">{t("ticketView.input.private")}</Typography>}
        />
        {canSign && (
          <FormControlLabel
            control={<Switch size="small" checked={signToggle} onChange={(_, value) => setSign(value)} />}
            label={<Typography variant="caption">{t("ticketView.input.sign")}</Typography>}
          />
        )}
      </Stack>
      <ComposerEmojiPicker anchor={emojiAnchor} onPick={insertEmoji} onClose={() => setEmojiAnchor(null)} />
      {tool === "camera" && (
        <CameraDialog
          onCapture={(photo) => {
            setTool(null);
            setFiles([photo]);
          }}
          onClose={() => {
            setTool(null);
            focusInput();
          }}
        />
      )}
      {tool === "contact" && (
        <SendContactDialog
          ticketId={ticket.id}
          isPrivate={isPrivate}
          onSent={(message) => onSent([message], false)}
          onClose={() => {
            setTool(null);
            focusInput();
          }}
        />
      )}
      {files && (
        <AttachmentsDialog files={files} busy={sending} onSend={sendFiles} onClose={() => setFiles(null)} />
      )}
    </Box>
  );
}
