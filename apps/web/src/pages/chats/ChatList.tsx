import type { ChatDto } from "@inbox/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { unreadsFor } from "../../api/chats";
import { formatDateTimeShort } from "../../app/format-date";
import { EmptyState } from "../../components/EmptyState";
import { InfiniteScrollArea } from "../../components/InfiniteScrollArea";
import { LoadingState } from "../../components/LoadingState";

interface ChatListProps {
  chats: ChatDto[];
  userId: number;
  selectedId?: number;
  loading: boolean;
  error: boolean;
  canLoadMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onOpen: (chat: ChatDto) => void;
  onEdit: (chat: ChatDto) => void;
  onDelete: (chat: ChatDto) => void;
}

/** The user's chats, most recent first; the owner's rows carry edit and delete (spec 3 section 6). */
export function ChatList(props: ChatListProps) {
  const { t } = useTranslation();
  if (props.loading) return <LoadingState />;
  if (props.error)
    return (
      <Box sx={{ p: 2, textAlign: "center" }}>
        <Typography color="error" gutterBottom>
          {t("topBar.chatPage.loadError")}
        </Typography>
        <Button onClick={props.onRetry}>{t("topBar.chatPage.retry")}</Button>
      </Box>
    );
  if (props.chats.length === 0) return <EmptyState message={t("topBar.chatPage.empty")} />;
  return (
    <InfiniteScrollArea
      onReachEnd={props.onLoadMore}
      canLoadMore={props.canLoadMore}
      sx={{ flexGrow: 1, minHeight: 0 }}
    >
      <List disablePadding aria-label={t("topBar.chatPage.listLabel")}>
        {props.chats.map((chat) => (
          <ChatRow key={chat.id} chat={chat} {...props} />
        ))}
      </List>
    </InfiniteScrollArea>
  );
}

function ChatRow({ chat, userId, selectedId, onOpen, onEdit, onDelete }: ChatListProps & { chat: ChatDto }) {
  const { t } = useTranslation();
  const unreads = unreadsFor(chat, userId);
  const owner = chat.ownerId === userId;
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        owner && (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={t("common.edit")}>
              <IconButton
                size="small"
                aria-label={t("topBar.chatPage.editLabel", { title: chat.title })}
                onClick={() => onEdit(chat)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("common.delete")}>
              <IconButton
                size="small"
                aria-label={t("topBar.chatPage.deleteLabel", { title: chat.title })}
                onClick={() => onDelete(chat)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )
      }
      sx={owner ? { "& .MuiListItemButton-root": { pr: 11 } } : undefined}
    >
      <ListItemButton selected={chat.id === selectedId} onClick={() => onOpen(chat)}>
        <ListItemText
          primary={
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography noWrap sx={{ fontWeight: unreads > 0 ? 600 : undefined, flexGrow: 1 }}>
                {chat.title}
              </Typography>
              {unreads > 0 && (
                <Badge
                  badgeContent={unreads}
                  color="success"
                  aria-label={t("topBar.chatPage.unread", { count: unreads })}
                  sx={{ mr: 1.5 }}
                />
              )}
            </Box>
          }
          secondary={
            <>
              <Typography component="span" variant="body2" noWrap sx={{ display: "block" }}>
                {chat.lastMessage || t("topBar.chats.noMessages")}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary" noWrap>
                {chat.users.map((participant) => participant.user.name).join(", ")} ·{" "}
                {formatDateTimeShort(chat.updatedAt)}
              </Typography>
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}
