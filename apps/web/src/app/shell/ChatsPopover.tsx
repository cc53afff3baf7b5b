import type { ChatDto } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import ChatIcon from "@mui/icons-material/Chat";
import { Badge, Box, Button, Chip, ListItemButton, ListItemText, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { unreadsFor, useChatsInfinite } from "../../api/chats";
import { formatDateTimeShort } from "../format-date";
import { type FoldedAction, useActionAnchor } from "./folded-action";
import { PagedPopover } from "./PagedPopover";

interface ChatsPopoverProps {
  userId: number;
  /** Loaded chats with messages the user has not read (the shell keeps them live, use-live-chats.ts). */
  unreadCount: number;
  onOpenChat: (uuid: string) => void;
  /** Opens the chat page's create dialog. */
  onNewChat?: () => void;
  /** In the top bar's overflow menu (narrow screens). */
  folded?: FoldedAction;
}

/**
 * The top bar's internal chats (spec 1 section 2, spec 3): a dot when some
 * chat holds unread messages, and a popover listing the user's chats, most
 * recent first, with infinite scroll; a click opens /chats/{uuid}.
 */
export function ChatsPopover({ userId, unreadCount, onOpenChat, onNewChat, folded }: ChatsPopoverProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useActionAnchor(folded);
  const chats = useChatsInfinite();
  const records = chats.data?.pages.flatMap((page) => page.records) ?? [];
  const label =
    unreadCount > 0 ? t("topBar.chats.withUnread", { count: unreadCount }) : t("topBar.chats.title");

  const openChat = (uuid: string) => {
    setAnchor(null);
    onOpenChat(uuid);
  };

  return (
    <PagedPopover
      title={t("topBar.chats.title")}
      buttonLabel={label}
      icon={
        <Badge variant="dot" color="error" invisible={unreadCount === 0}>
          <ChatIcon />
        </Badge>
      }
      anchor={anchor}
      onAnchor={setAnchor}
      hideButton={Boolean(folded)}
      list={chats}
      loaded={records.length}
      texts={{
        error: t("topBar.chats.error"),
        retry: t("topBar.chats.retry"),
        empty: t("topBar.chats.empty"),
        listLabel: t("topBar.chats.listLabel"),
        loadingMore: t("topBar.chats.loadingMore"),
      }}
      width={360}
      header={
        onNewChat && (
          <Box sx={{ p: 1, borderBottom: 1, borderColor: "divider" }}>
            <Button
              fullWidth
              size="small"
              startIcon={<AddIcon />}
              onClick={() => {
                setAnchor(null);
                onNewChat();
              }}
            >
              {t("topBar.chats.newChat")}
            </Button>
          </Box>
        )
      }
    >
      {records.map((chat) => (
        <ChatItem key={chat.id} chat={chat} unreads={unreadsFor(chat, userId)} onOpen={openChat} />
      ))}
    </PagedPopover>
  );
}

function ChatItem({
  chat,
  unreads,
  onOpen,
}: {
  chat: ChatDto;
  unreads: number;
  onOpen: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItemButton onClick={() => onOpen(chat.uuid)} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <ListItemText
        primary={chat.title}
        secondary={chat.lastMessage || t("topBar.chats.noMessages")}
        slotProps={{
          primary: { noWrap: true, fontWeight: unreads > 0 ? 600 : undefined },
          secondary: { noWrap: true },
        }}
      />
      <Box sx={{ ml: 1, display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 0.5 }}>
        <Typography variant="caption" color="text.secondary" noWrap>
          {formatDateTimeShort(chat.updatedAt)}
        </Typography>
        {unreads > 0 && (
          <Chip
            size="small"
            color="success"
            label={unreads}
            aria-label={t("topBar.chats.unread", { count: unreads })}
          />
        )}
      </Box>
    </ListItemButton>
  );
}
