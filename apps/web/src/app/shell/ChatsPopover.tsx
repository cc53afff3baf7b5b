import type { ChatDto } from "@inbox/shared";
import ChatIcon from "@mui/icons-material/Chat";
import {
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { unreadsFor, useChatsInfinite } from "../../api/chats";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { formatDateTimeShort } from "../format-date";

interface ChatsPopoverProps {
  userId: number;
  /** Loaded chats with messages the user has not read (the shell keeps them live, use-live-chats.ts). */
  unreadCount: number;
  onOpenChat: (uuid: string) => void;
}

/**
 * The top bar's internal chats (spec 1 section 2, spec 3): a dot when some
 * chat holds unread messages, and a popover listing the user's chats, most
 * recent first, with infinite scroll; a click opens /chats/{uuid}.
 */
export function ChatsPopover({ userId, unreadCount, onOpenChat }: ChatsPopoverProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const chats = useChatsInfinite();
  const records = chats.data?.pages.flatMap((page) => page.records) ?? [];
  const label =
    unreadCount > 0 ? t("topBar.chats.withUnread", { count: unreadCount }) : t("topBar.chats.title");

  const openChat = (uuid: string) => {
    setAnchor(null);
    onOpenChat(uuid);
  };

  return (
    <>
      <Tooltip title={t("topBar.chats.title")}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge variant="dot" color="error" invisible={unreadCount === 0}>
            <ChatIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("topBar.chats.title") } }}
      >
        <InfiniteScrollArea
          canLoadMore={Boolean(chats.hasNextPage) && !chats.isFetchingNextPage}
          onReachEnd={() => void chats.fetchNextPage()}
          sx={{ width: { xs: 300, sm: 360 }, maxHeight: 480 }}
        >
          {chats.isPending ? (
            <Box sx={{ p: 3, display: "flex", justifyContent: "center" }}>
              <CircularProgress size={24} aria-label={t("common.loading")} />
            </Box>
          ) : chats.isError && records.length === 0 ? (
            <Box sx={{ p: 2 }} role="alert">
              <Typography color="error" sx={{ mb: 1 }}>
                {t("topBar.chats.error")}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => void chats.refetch()}>
                {t("topBar.chats.retry")}
              </Button>
            </Box>
          ) : records.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t("topBar.chats.empty")}
            </Typography>
          ) : (
            <List dense aria-label={t("topBar.chats.listLabel")}>
              {records.map((chat) => (
                <ChatItem key={chat.id} chat={chat} unreads={unreadsFor(chat, userId)} onOpen={openChat} />
              ))}
              {chats.isFetchingNextPage && (
                <Box sx={{ p: 1, display: "flex", justifyContent: "center" }}>
                  <CircularProgress size={20} aria-label={t("topBar.chats.loadingMore")} />
                </Box>
              )}
            </List>
          )}
        </InfiniteScrollArea>
      </Popover>
    </>
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
