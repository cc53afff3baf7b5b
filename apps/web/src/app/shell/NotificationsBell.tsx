import type { TicketDto } from "@inbox/shared";
import NotificationsIcon from "@mui/icons-material/Notifications";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import {
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type DesktopPermission,
  desktopPermission,
  requestDesktopPermission,
} from "../../notifications/desktop";
import { cutNotificationText } from "../../notifications/rules";
import { stripWhatsApp } from "../../pages/tickets/bubble/whatsapp-format";

/** Contact names and last messages as the ticket list cuts them (spec 1 section 9). */
const NAME_MAX = 60;
const MESSAGE_MAX = 40;

/** What the bell shows. */
export interface BellContent {
  /** Tickets with unread messages the user may see, newest first (the first pages). */
  tickets: readonly TicketDto[];
  /** How many tickets with unread messages the user sees (the server's count, kept live); `tickets.length` when absent. */
  total?: number;
  /** Tickets someone else handed to the user, not opened yet, newest first. */
  handovers?: readonly TicketDto[];
}

interface NotificationsBellProps extends BellContent {
  onOpenTicket: (uuid: string) => void;
}

/**
 * The top bar's bell: a badge with the number of tickets holding unread
 * messages, and a popover listing them (click opens the ticket). The
 * popover also asks, on a click, for permission to show desktop notifications.
 */
export function NotificationsBell({ tickets, total, handovers = [], onOpenTicket }: NotificationsBellProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const unread = total ?? tickets.length;
  const count = unread + handovers.length;
  const parts = [
    ...(unread > 0 ? [t("notifications.bellWithCount", { count: unread })] : []),
    ...(handovers.length > 0
      ? [
          t(unread > 0 ? "notifications.handovers" : "notifications.bellWithHandovers", {
            count: handovers.length,
          }),
        ]
      : []),
  ];
  const label = parts.length > 0 ? parts.join(", ") : t("shell.notifications");

  const open = (target: HTMLElement) => {
    setPermission(desktopPermission());
    setAnchor(target);
  };
  const openTicket = (uuid: string) => {
    setAnchor(null);
    onOpenTicket(uuid);
  };
  const askPermission = () => {
    void requestDesktopPermission().then(setPermission);
  };

  return (
    <>
      <Tooltip title={t("shell.notifications")}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          onClick={(event) => open(event.currentTarget)}
        >
          <Badge badgeContent={count} max={99} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("shell.notifications") } }}
      >
        <Box sx={{ width: { xs: 300, sm: 360 }, maxHeight: 480, overflowY: "auto" }}>
          <PermissionPrompt permission={permission} onAsk={askPermission} />
          {handovers.length > 0 && (
            <List
              dense
              aria-label={t("notifications.handoverList")}
              sx={{ borderBottom: 1, borderColor: "divider" }}
            >
              {handovers.map((ticket) => (
                <HandoverItem key={ticket.id} ticket={ticket} onOpen={openTicket} />
              ))}
            </List>
          )}
          {tickets.length === 0 ? (
            handovers.length === 0 && (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {t("shell.noNotifications")}
              </Typography>
            )
          ) : (
            <List dense aria-label={t("notifications.listLabel")}>
              {tickets.map((ticket) => (
                <UnreadTicketItem key={ticket.id} ticket={ticket} onOpen={openTicket} />
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}

function UnreadTicketItem({ ticket, onOpen }: { ticket: TicketDto; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation();
  const name = ticket.contact?.name || t("notifications.unknownContact");
  return (
    <ListItemButton onClick={() => onOpen(ticket.uuid)}>
      <ListItemAvatar>
        <Avatar src={ticket.contact?.profilePicUrl ?? undefined} alt="">
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={cutNotificationText(name, NAME_MAX)}
        secondary={cutNotificationText(stripWhatsApp(ticket.lastMessage), MESSAGE_MAX)}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
      <Chip
        size="small"
        color="success"
        label={ticket.unreadMessages}
        aria-label={t("notifications.unread", { count: ticket.unreadMessages })}
        sx={{ ml: 1 }}
      />
    </ListItemButton>
  );
}

/** A ticket handed to the user: the contact, 'Transferido para você' and its queue. */
function HandoverItem({ ticket, onOpen }: { ticket: TicketDto; onOpen: (uuid: string) => void }) {
  const { t } = useTranslation();
  const name = ticket.contact?.name || t("notifications.unknownContact");
  return (
    <ListItemButton onClick={() => onOpen(ticket.uuid)}>
      <ListItemAvatar>
        <Avatar src={ticket.contact?.profilePicUrl ?? undefined} alt="">
          <SwapHorizIcon />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={cutNotificationText(name, NAME_MAX)}
        secondary={
          ticket.queue?.name
            ? t("notifications.handoverInQueue", { queue: ticket.queue.name })
            : t("notifications.handoverTitle")
        }
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
      />
    </ListItemButton>
  );
}

function PermissionPrompt({ permission, onAsk }: { permission: DesktopPermission; onAsk: () => void }) {
  const { t } = useTranslation();
  if (permission === "granted") return null;
  return (
    <Box sx={{ p: 2, borderBottom: 1, borderColor: "divider" }}>
      {permission === "default" ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("notifications.permissionHint")}
          </Typography>
          <Button size="small" variant="outlined" onClick={onAsk}>
            {t("notifications.enable")}
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {permission === "denied" ? t("notifications.denied") : t("notifications.unsupported")}
        </Typography>
      )}
    </Box>
  );
}
