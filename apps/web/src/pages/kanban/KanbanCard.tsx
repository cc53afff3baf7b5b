import { useDraggable } from "@dnd-kit/core";
import type { TicketDto } from "@inbox/shared";
import { Box, Button, Paper, Typography } from "@mui/material";
import type { KeyboardEvent, PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatDate } from "../../app/format-date";
import { ChannelIcon } from "../../components/ChannelIcon";
import { usePhoneFormat } from "../contacts/phone-format";

/** Spec 2 section 9: a card shows the last message cut at 70 characters. */
export const CARD_MESSAGE_LENGTH = 70;

const pad = (value: number) => String(value).padStart(2, "0");

/** HH:mm when the instant is today (the browser's clock), else dd/MM/yyyy. */
export function cardTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const today =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  if (today) return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return formatDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

/** The message cut at 70 characters (whole characters, not UTF-16 halves), with an ellipsis when cut. */
export function cardMessage(text: string): string {
  const characters = Array.from(text);
  return characters.length > CARD_MESSAGE_LENGTH
    ? `${characters.slice(0, CARD_MESSAGE_LENGTH).join("")}…`
    : text;
}

interface KanbanCardProps {
  ticket: TicketDto;
  lane: number;
}

/** A ticket on the board; dragged with the mouse, or picked up with space or Enter and moved with the arrows. */
export function KanbanCard({ ticket, lane }: KanbanCardProps) {
  const { t } = useTranslation();
  const phone = usePhoneFormat();
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: ticket.id,
    data: { lane },
  });
  const contactName = ticket.contact?.name ?? "";
  // The button inside the card is pressed, not a drag start.
  const keepOwnEvent = (event: KeyboardEvent | PointerEvent) => event.stopPropagation();

  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`kanban-card-${ticket.id}`}
      {...attributes}
      {...listeners}
      aria-label={`${contactName} · ${t("kanban.ticketNumber", { id: ticket.id })}`}
      sx={{
        p: 1.5,
        display: "flex",
        flexDirection: "column",
        gap: 0.5,
        cursor: isDragging ? "grabbing" : "grab",
        touchAction: "none",
        position: "relative",
        zIndex: isDragging ? 10 : "auto",
        boxShadow: isDragging ? 6 : 0,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <ChannelIcon channel={ticket.whatsapp?.channel ?? ticket.channel} />
        <Typography variant="subtitle2" noWrap sx={{ flexGrow: 1 }}>
          {contactName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {cardTime(ticket.updatedAt)}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t("kanban.ticketNumber", { id: ticket.id })}
        {ticket.contact?.number ? ` · ${phone(ticket.contact.number)}` : ""}
      </Typography>
      {ticket.lastMessage && (
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {cardMessage(ticket.lastMessage)}
        </Typography>
      )}
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flexGrow: 1 }}>
          {ticket.user?.name ?? t("kanban.noUser")}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onPointerDown={keepOwnEvent}
          onKeyDown={keepOwnEvent}
          onClick={() => navigate(`/tickets/${ticket.uuid}`)}
        >
          {t("kanban.viewTicket")}
        </Button>
      </Box>
    </Paper>
  );
}
