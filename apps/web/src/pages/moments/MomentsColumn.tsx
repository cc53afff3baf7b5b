import type { UsersMoments } from "@inbox/shared";
import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { MomentCard } from "./MomentCard";
import type { MomentColumn } from "./moments-rules";

interface MomentsColumnProps {
  column: MomentColumn;
  /** Whether the viewer may open this ticket (admin, or the ticket is theirs). */
  canOpen: (ticket: MomentColumn["cards"][number]) => boolean;
  /** The panel's queues and connections by id, for the cards' chips. */
  queues: ReadonlyMap<number, UsersMoments["queues"][number]>;
  whatsapps: ReadonlyMap<number, UsersMoments["whatsapps"][number]>;
}

/** A user's column (or 'Pendentes'): its name, how many tickets it holds, their cards. */
export function MomentsColumn({ column, canOpen, queues, whatsapps }: MomentsColumnProps) {
  const { t } = useTranslation();
  const title = column.userId === null ? t("moments.pending") : column.name;
  const hidden = column.count - column.cards.length;
  return (
    <Paper
      component="section"
      aria-label={title}
      data-column={column.userId === null ? "pending" : column.userId}
      variant="outlined"
      sx={{
        width: 300,
        flex: "0 0 300px",
        display: "flex",
        flexDirection: "column",
        maxHeight: "100%",
        bgcolor: "background.default",
      }}
    >
      <Box
        sx={{ p: 1, display: "flex", alignItems: "center", gap: 1, borderBottom: 1, borderColor: "divider" }}
      >
        {column.userId !== null && (
          <Box
            role="img"
            aria-label={column.online ? t("moments.online") : t("moments.offline")}
            sx={{
              width: 10,
              height: 10,
              borderRadius: "50%",
              bgcolor: column.online ? "success.main" : "grey.400",
            }}
          />
        )}
        <Typography variant="subtitle1" noWrap sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          aria-label={t("moments.count", { count: column.count })}
        >
          {column.count}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{ m: 0, p: 1, display: "flex", flexDirection: "column", gap: 1, overflowY: "auto", flex: 1 }}
      >
        {column.cards.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: "none", p: 1 }}>
            {t("moments.emptyColumn")}
          </Typography>
        )}
        {column.cards.map((ticket) => (
          <MomentCard
            key={ticket.id}
            ticket={ticket}
            queue={ticket.queueId === null ? undefined : queues.get(ticket.queueId)}
            whatsapp={ticket.whatsappId === null ? undefined : whatsapps.get(ticket.whatsappId)}
            canOpen={canOpen(ticket)}
          />
        ))}
        {hidden > 0 && (
          <Typography
            component="li"
            variant="caption"
            color="text.secondary"
            sx={{ listStyle: "none", p: 1 }}
          >
            {t("moments.more", { count: hidden })}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
