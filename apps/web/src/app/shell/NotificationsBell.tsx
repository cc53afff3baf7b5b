import type { TicketDto } from "@inbox/shared";
import NotificationsIcon from "@mui/icons-material/Notifications";
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

interface NotificationsBellProps {
  /** Tickets with unread messages the user may see, newest first. */
  tickets: readonly TicketDto[];
  onOpenTicket: (uuid: string) => void;
}

/**
 * The top bar's bell: a badge with the number of tickets holding unread
 * messages, and a popover listing them (click opens the ticket). The
 * popover also asks, on a click, for permission to show desktop notifications.
 */
export function NotificationsBell({ tickets, onOpenTicket }: NotificationsBellProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const count = tickets.length;
  const label = count > 0 ? t("notifications.bellWithCount", { count }) : t("shell.notifications");

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
          {tickets.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t("shell.noNotifications")}
            </Typography>
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
