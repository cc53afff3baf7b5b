import type { ErrorCode, MessageDto } from "@inbox/shared";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import DoneIcon from "@mui/icons-material/Done";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutline";
import { Box, Link, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/api-error";
import { errorMessage } from "../../app/toast/toast-error";
import { DocumentCard } from "./bubble/DocumentCard";
import { FormattedText } from "./bubble/FormattedText";
import { MediaPlayer } from "./bubble/MediaPlayer";
import { MediaUnavailable } from "./bubble/MediaUnavailable";
import { MessageDetails } from "./bubble/MessageDetails";
import { canTranscribe, Transcription } from "./bubble/Transcription";
import { MessageMenu } from "./message-menu/MessageMenu";
import { useMessageActions } from "./message-menu/message-actions";
import { formatMessageTime } from "./ticket-text";

/** Spec 1 section 4: 0 clock, 1 sent, 2 delivered, 3 or 4 read (played, for audio), 5 read. */
export function ackKind(
  ack: number,
  mediaType = "chat",
): "pending" | "sent" | "delivered" | "read" | "played" {
  if (ack <= 0) return "pending";
  if (ack === 1) return "sent";
  if (ack === 2) return "delivered";
  if ((ack === 3 || ack === 4) && mediaType === "audio") return "played";
  return "read";
}

/** Not yet read: the bubble's own text colour, dimmed (readable on light and dark bubbles). */
const ACK_COLOR = {
  pending: "inherit",
  sent: "inherit",
  delivered: "inherit",
  read: "info.main",
  played: "success.main",
} as const;

function AckIcon({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  if (message.sendError) {
    const text = errorMessage(
      new ApiError(0, {
        error: message.sendError as ErrorCode,
        message: message.sendErrorMessage ?? undefined,
      }),
    );
    return (
      <Tooltip title={text}>
        <ErrorOutlineIcon
          role="img"
          aria-label={text}
          aria-hidden={false}
          color="error"
          sx={{ fontSize: 16 }}
        />
      </Tooltip>
    );
  }
  const kind = ackKind(message.ack, message.mediaType);
  const label = kind === "played" ? t("ticketTools.bubble.played") : t(`tickets.conversation.ack.${kind}`);
  const Icon = kind === "pending" ? AccessTimeIcon : kind === "sent" ? DoneIcon : DoneAllIcon;
  return (
    <Icon
      role="img"
      aria-label={label}
      aria-hidden={false}
      data-ack={kind}
      sx={{ fontSize: 16, color: ACK_COLOR[kind], opacity: ACK_COLOR[kind] === "inherit" ? 0.7 : 1 }}
    />
  );
}

/** The media inline: images, audio and video play in place; other files are a document card. */
function MessageMedia({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const url = message.mediaUrl;
  if (!url) return message.mediaError ? <MediaUnavailable message={message} /> : null;
  // Stickers (WhatsApp's own type; Messenger sends them as images) show as images.
  if (message.mediaType === "image" || message.mediaType === "sticker")
    return (
      <Link href={url} target="_blank" rel="noopener">
        <Box
          component="img"
          src={url}
          alt={message.body || t("tickets.conversation.media")}
          sx={{ display: "block", maxWidth: 260, maxHeight: 260, borderRadius: 1 }}
        />
      </Link>
    );
  if (message.mediaType === "audio")
    return (
      <>
        <MediaPlayer kind="audio" src={url} />
        {canTranscribe(message) && <Transcription message={message} />}
      </>
    );
  if (message.mediaType === "video") return <MediaPlayer kind="video" src={url} />;
  return <DocumentCard message={message} url={url} />;
}

/** A contact card (vCard) sent or received: the contact's name under a card icon. */
/** A contact card: each card's name and number (the body names them when the channel sent no cards). */
function ContactCards({ message }: { message: MessageDto }) {
  const cards = message.contactCards?.length ? message.contactCards : [{ name: message.body, number: "" }];
  return (
    <>
      {cards.map((card, index) => (
        // Cards have no id; their order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's cards never reorder
        <ContactCard key={index} name={card.name} number={card.number} />
      ))}
    </>
  );
}

function ContactCard({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ py: 0.5 }}>
      <ContactPhoneIcon fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" sx={{ display: "block", opacity: 0.8 }}>
          {t("ticketTools.bubble.contactCard")}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {name}
        </Typography>
        {number && (
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {number}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** The quoted message of a reply, when it is loaded, formatted as its own bubble is. */
function QuotedMessage({ id }: { id: number }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const quoted = actions?.findMessage(id);
  return (
    <Box
      aria-label={t("ticketView.quoted")}
      sx={{
        borderLeft: 3,
        borderColor: "primary.main",
        bgcolor: "action.selected",
        px: 1,
        py: 0.5,
        mb: 0.5,
        borderRadius: 0.5,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
        {quoted?.fromMe ? t("ticketView.input.you") : (actions?.contactName ?? "")}
      </Typography>
      <Typography
        variant="caption"
        sx={{ display: "block", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        {!quoted ? "…" : quoted.body ? <FormattedText text={quoted.body} /> : t("tickets.conversation.media")}
      </Typography>
    </Box>
  );
}

/** A location's body is its name and address, a document's may be its file name: shown once. */
function bodyRepeatsDetails(message: MessageDto): boolean {
  const details = message.details;
  if (!details) return false;
  if (details.location && message.mediaType === "locationMessage") return true;
  return Boolean(details.fileName) && message.body === details.fileName;
}

/**
 * One message: the contact's on the left, ours on the right, with time and
 * (ours) the ack; `sender` names who sent ours (a user, or the bot).
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  sender,
}: {
  message: MessageDto;
  sender?: string;
}) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const deleted = message.isDeleted;
  return (
    <Box
      component="li"
      data-from-me={mine}
      sx={{
        display: "flex",
        justifyContent: mine ? "flex-end" : "flex-start",
        listStyle: "none",
        px: 1,
        py: 0.25,
      }}
    >
      <Paper
        elevation={0}
        sx={{
          maxWidth: "75%",
          px: 1.5,
          py: 0.75,
          bgcolor: message.isPrivate ? "warning.light" : mine ? "primary.light" : "background.paper",
          color: mine && !message.isPrivate ? "primary.contrastText" : "text.primary",
          border: 1,
          borderColor: "divider",
        }}
      >
        {sender && (
          <Typography
            variant="caption"
            data-sender
            sx={{ display: "block", fontWeight: 700, opacity: 0.85, overflowWrap: "anywhere" }}
          >
            {sender}
          </Typography>
        )}
        {message.isPrivate && (
          <Typography variant="caption" sx={{ display: "block", fontWeight: 600 }}>
            {t("tickets.conversation.privateNote")}
          </Typography>
        )}
        {deleted ? (
          <Typography variant="body2" sx={{ fontStyle: "italic" }}>
            {mine ? t("tickets.conversation.deletedByMe") : t("tickets.conversation.deletedByContact")}
          </Typography>
        ) : (
          <>
            {message.isForwarded && (
              <Typography variant="caption" sx={{ display: "block", fontStyle: "italic", opacity: 0.8 }}>
                {t("ticketView.forwarded")}
              </Typography>
            )}
            {message.quotedMsgId !== null && <QuotedMessage id={message.quotedMsgId} />}
            <MessageDetails message={message} />
            <MessageMedia message={message} />
            {message.mediaType === "contactMessage" ? (
              <ContactCards message={message} />
            ) : (
              message.body &&
              !bodyRepeatsDetails(message) && (
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  <FormattedText text={message.body} />
                </Typography>
              )
            )}
          </>
        )}
        {message.reactions.length > 0 && !deleted && (
          <Typography
            variant="body2"
            aria-label={t("ticketView.reactions", {
              list: message.reactions.map((reaction) => `${reaction.emoji} ${reaction.by}`).join(", "),
            })}
          >
            {message.reactions.map((reaction) => reaction.emoji).join(" ")}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="flex-end">
          <MessageMenu message={message} />
          {message.isEdited && !deleted && (
            <Typography variant="caption" sx={{ opacity: 0.7 }}>
              {t("tickets.conversation.edited")}
            </Typography>
          )}
          <Typography variant="caption" component="time" dateTime={message.createdAt} sx={{ opacity: 0.7 }}>
            {formatMessageTime(message.createdAt)}
          </Typography>
          {mine && !message.isPrivate && <AckIcon message={message} />}
        </Stack>
      </Paper>
    </Box>
  );
});
