import { CHAT_OLDER_PAGE_THRESHOLD_PX, type ChatDto, type ChatMessageDto } from "@inbox/shared";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  addChatMessage,
  applyChatEvent,
  type ChatMessagePages,
  type ChatPages,
  chatKeys,
  chatsApi,
  messagesInOrder,
  unreadsFor,
  useChatMessages,
  useSendChatMessage,
} from "../../api/chats";
import { LoadingState } from "../../components/LoadingState";

/** Whether the user sees the newest message: new ones then keep the view at the bottom. */
const nearBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight < 80;

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
};

interface ChatConversationProps {
  chat: ChatDto;
  userId: number;
}

/**
 * One chat's messages, oldest at the top: an older page loads when the view
 * is within 600 px of the top (spec 3 section 9), the chat is marked read
 * while it is shown with unread messages, and Enter sends a non-blank message.
 * Chat call failures are swallowed (spec 3 section 8): the text stays in the box.
 */
export function ChatConversation({ chat, userId }: ChatConversationProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useChatMessages(chat.id);
  const send = useSendChatMessage();
  const [draft, setDraft] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  /** The scroll height before an older page went in on top, to keep the same messages in view. */
  const heightBeforeOlder = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const ordered = messagesInOrder(messages.data);
  const unreads = unreadsFor(chat, userId);

  // Read marking: shown with unread messages (also when one arrives while it is shown).
  useEffect(() => {
    if (unreads === 0) return;
    chatsApi
      .markRead(chat.id)
      .then((updated) =>
        queryClient.setQueryData<ChatPages>(chatKeys.list, (data) =>
          applyChatEvent(data, { action: "update", chat: updated }, userId),
        ),
      )
      .catch(() => undefined);
  }, [chat.id, unreads, queryClient, userId]);

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || !messages.hasNextPage || messages.isFetchingNextPage) return;
    if (el.scrollTop > CHAT_OLDER_PAGE_THRESHOLD_PX) return;
    heightBeforeOlder.current = el.scrollHeight;
    void messages.fetchNextPage();
  };

  // After each change of the list: keep the view where the user left it, then load older pages
  // while the view is still within the threshold of the top (a short first page included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null && !messages.isFetchingNextPage) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    loadOlder();
  }, [messages.data, messages.isFetchingNextPage]);

  const submit = () => {
    const message = draft.trim();
    if (!message || send.isPending) return;
    send.mutate(
      { chatId: chat.id, message },
      {
        onSuccess: (stored: ChatMessageDto) => {
          setDraft("");
          stickToBottom.current = true;
          queryClient.setQueryData<ChatMessagePages>(chatKeys.messages(chat.id), (data) =>
            addChatMessage(data, stored),
          );
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", flexGrow: 1, minHeight: 0 }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="h6" component="h2" noWrap>
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {chat.users.map((participant) => participant.user.name).join(", ")}
        </Typography>
      </Box>
      <Box
        ref={scroller}
        role="log"
        aria-label={t("topBar.chatPage.messagesLabel", { title: chat.title })}
        onScroll={(event) => {
          stickToBottom.current = nearBottom(event.currentTarget);
          loadOlder();
        }}
        sx={{ flexGrow: 1, minHeight: 0, overflowY: "auto", p: 2, bgcolor: "action.hover" }}
      >
        {messages.isFetchingNextPage && (
          <Box role="status" sx={{ display: "flex", justifyContent: "center", py: 1 }}>
            <CircularProgress size={20} aria-label={t("topBar.chatPage.loadingOlder")} />
          </Box>
        )}
        {messages.isPending ? (
          <LoadingState />
        ) : messages.isError ? (
          <Box sx={{ textAlign: "center" }}>
            <Typography color="error">{t("topBar.chatPage.loadError")}</Typography>
            <Button onClick={() => void messages.refetch()}>{t("topBar.chatPage.retry")}</Button>
          </Box>
        ) : ordered.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", mt: 4 }}>
            {t("topBar.chatPage.noMessages")}
          </Typography>
        ) : (
          ordered.map((message) => (
            <Bubble key={message.id} message={message} own={message.senderId === userId} />
          ))
        )}
      </Box>
      <Box
        sx={{ display: "flex", gap: 1, p: 1.5, borderTop: 1, borderColor: "divider", alignItems: "flex-end" }}
      >
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          name="message"
          label={t("topBar.chatPage.messageLabel")}
          placeholder={t("topBar.chatPage.messagePlaceholder")}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Tooltip title={t("topBar.chatPage.send")}>
          <span>
            <IconButton
              color="primary"
              aria-label={t("topBar.chatPage.send")}
              disabled={!draft.trim() || send.isPending}
              onClick={submit}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}

function Bubble({ message, own }: { message: ChatMessageDto; own: boolean }) {
  return (
    <Box sx={{ display: "flex", justifyContent: own ? "flex-end" : "flex-start", mb: 1 }}>
      <Paper
        elevation={0}
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: "75%",
          bgcolor: own ? "primary.light" : "background.paper",
          color: own ? "primary.contrastText" : "text.primary",
        }}
      >
        {!own && (
          <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
            {message.sender?.name ?? ""}
          </Typography>
        )}
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.message}
        </Typography>
        <Typography variant="caption" sx={{ display: "block", textAlign: "right", opacity: 0.8 }}>
          {timeOf(message.createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
}
