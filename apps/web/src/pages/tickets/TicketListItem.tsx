import type { TicketDto } from "@inbox/shared";
import {
  Avatar,
  Box,
  Chip,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  Stack,
  Typography,
} from "@mui/material";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { ChannelIcon } from "../../components/ChannelIcon";
import { RatingFace } from "../../components/RatingFace";
import { cutContactName, cutLastMessage, formatTicketTime } from "./ticket-text";

interface TicketListItemProps {
  ticket: TicketDto;
  selected: boolean;
  /** Admins see who holds the ticket (spec 1 section 6). */
  showUser: boolean;
  /** Names of queues and connections when the ticket came by an event that carried ids only. */
  queueName?: { name: string; color: string };
  connectionName?: string;
  onOpen: (ticket: TicketDto) => void;
}

/**
 * One row of the ticket list (spec 1 section 2): channel, avatar, contact
 * name (cut at 60), last message (cut at 40), time, unread count, queue name
 * and colour, connection, assigned user (admins), tags (first, then +N) and,
 * once the contact rated it, the rating's face (1 to 5; the 0-10 score maps
 * onto them as packages/shared ratings.ts says).
 */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  showUser,
  queueName,
  connectionName,
  onOpen,
}: TicketListItemProps) {
  const { t } = useTranslation();
  const name = ticket.contact?.name ?? "";
  const queue = ticket.queue ?? queueName;
  const connection = ticket.whatsapp?.name ?? connectionName;
  const [firstTag, ...otherTags] = ticket.tags ?? [];
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        onClick={() => onOpen(ticket)}
        aria-current={selected ? "true" : undefined}
        sx={{
          alignItems: "flex-start",
          gap: 1,
          borderLeft: 4,
          borderColor: queue?.color ?? "grey.400",
          borderBottom: 1,
          borderBottomColor: "divider",
        }}
      >
        <ListItemAvatar sx={{ minWidth: 48, mt: 0.5 }}>
          <Avatar src={ticket.contact?.profilePicUrl ?? undefined} alt="">
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Box sx={{ display: "flex", "& svg": { fontSize: 18 } }}>
              <ChannelIcon channel={ticket.channel} />
            </Box>
            <Typography variant="subtitle2" component="span" noWrap sx={{ flexGrow: 1 }} title={name}>
              {cutContactName(name)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={ticket.updatedAt}>
              {formatTicketTime(ticket.updatedAt)}
            </Typography>
          </Stack>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flexGrow: 1 }}>
              {cutLastMessage(ticket.lastMessage)}
            </Typography>
            {ticket.unreadMessages > 0 && (
              <Chip
                size="small"
                color="success"
                label={ticket.unreadMessages}
                aria-label={t("tickets.unread", { count: ticket.unreadMessages })}
                sx={{ height: 20, minWidth: 20, fontWeight: 600 }}
              />
            )}
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: "wrap", rowGap: 0.5 }}>
            {connection && <Chip size="small" variant="outlined" label={connection} sx={{ height: 20 }} />}
            <Chip
              size="small"
              label={queue?.name ?? t("tickets.noQueue")}
              sx={{
                height: 20,
                bgcolor: queue?.color ?? "grey.500",
                color: "common.white",
              }}
            />
            {showUser && ticket.user && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={ticket.user.name}
                sx={{ height: 20 }}
              />
            )}
            {firstTag && (
              <Chip
                size="small"
                label={firstTag.name}
                sx={{ height: 20, bgcolor: firstTag.color, color: "common.white" }}
              />
            )}
            {otherTags.length > 0 && (
              <Chip
                size="small"
                label={t("tickets.moreTags", { count: otherTags.length })}
                sx={{ height: 20 }}
              />
            )}
            {ticket.userRating && (
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", fontSize: 16 }}>
                <RatingFace rate={ticket.userRating.rate} />
              </Box>
            )}
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
});
