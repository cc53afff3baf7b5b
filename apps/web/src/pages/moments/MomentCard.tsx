import { MOMENTS_TEXT_CUT, type MomentItem, type UsersMoments } from "@inbox/shared";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Avatar, Badge, Box, Chip, IconButton, Paper, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChannelIcon } from "../../components/ChannelIcon";
import { usePhoneFormat } from "../contacts/phone-format";
import { stripWhatsApp } from "../tickets/bubble/whatsapp-format";
import { cutText, formatTicketTime } from "../tickets/ticket-text";

interface MomentCardProps {
  ticket: MomentItem;
  /** The card's queue and connection, looked up by id in the panel's lists (undefined: none). */
  queue: UsersMoments["queues"][number] | undefined;
  whatsapp: UsersMoments["whatsapps"][number] | undefined;
  /** Admins and the ticket's own user get the link to the conversation (spec 2, attendance panel). */
  canOpen: boolean;
}

/** One ticket on the panel: contact and last message cut at 30, unread count, queue, connection, time. */
export function MomentCard({ ticket, queue, whatsapp, canOpen }: MomentCardProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  // A contact without a name goes by its number, as people write it.
  const name = ticket.contact.name || phone(ticket.contact.number);
  const message = stripWhatsApp(ticket.lastMessage).replace(/\s*\n\s*/g, " ");
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={name}
      data-ticket-id={ticket.id}
      sx={{ p: 1, display: "flex", gap: 1, alignItems: "flex-start", listStyle: "none" }}
    >
      <Badge badgeContent={ticket.unreadMessages} color="success" max={999}>
        <Avatar src={ticket.contact.profilePicUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }} />
      </Badge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} title={name}>
            {cutText(name, MOMENTS_TEXT_CUT)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatTicketTime(ticket.updatedAt)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" noWrap title={message}>
          {cutText(message, MOMENTS_TEXT_CUT) || "\u00a0"}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 0.5, flexWrap: "wrap" }}>
          {whatsapp && (
            <Box sx={{ display: "flex", alignItems: "center", gap: 0.25, fontSize: 12 }}>
              <ChannelIcon channel={whatsapp.channel} />
              <Typography variant="caption">{whatsapp.name}</Typography>
            </Box>
          )}
          <Chip
            size="small"
            label={queue?.name ?? t("moments.noQueue")}
            sx={{
              height: 20,
              ...(queue ? { bgcolor: queue.color, color: "common.white" } : {}),
            }}
          />
        </Box>
      </Box>
      {canOpen && (
        <Tooltip title={t("moments.openTicket")}>
          <IconButton
            size="small"
            component={Link}
            to={`/tickets/${ticket.uuid}`}
            aria-label={t("moments.openTicketOf", { name })}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Paper>
  );
}
