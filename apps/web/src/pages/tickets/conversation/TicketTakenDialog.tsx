import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface TakenBy {
  userName: string | null;
  queueName: string | null;
}

/** 'Ticket already being handled': who holds it and in which queue (spec 1 section 4). */
export function TicketTakenDialog({ takenBy, onClose }: { takenBy: TakenBy | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={takenBy !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("ticketView.taken.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t("ticketView.taken.message", {
            user: takenBy?.userName ?? t("ticketView.taken.someone"),
            queue: takenBy?.queueName ?? t("ticketView.taken.noQueue"),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
