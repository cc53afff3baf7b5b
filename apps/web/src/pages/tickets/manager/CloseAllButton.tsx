import type { TicketCloseAllBody } from "@inbox/shared";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseAllTickets } from "../../../api/ticket-actions";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";

interface CloseAllButtonProps {
  status: TicketCloseAllBody["status"];
  /** The selected queues (0: without queue); empty closes in every queue. */
  selectedQueueIds: number[];
}

/**
 * Close-all (admins, spec 1 sections 2 and 6): asks yes or no, then resolves
 * every ticket of the shown status in the selected queues. The lists follow
 * through the close events (and are fetched again).
 */
export function CloseAllButton({ status, selectedQueueIds }: CloseAllButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const closeAll = useCloseAllTickets();
  const titleId = useId();
  const messageId = useId();

  const confirm = () => {
    closeAll.mutate(
      { status, selectedQueueIds },
      {
        onSuccess: ({ closed }) => {
          setOpen(false);
          toast.success(t("ticketsManager.closeAll.done", { count: closed }));
        },
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <>
      <Tooltip title={t("ticketsManager.actions.closeAll")}>
        <IconButton aria-label={t("ticketsManager.actions.closeAll")} onClick={() => setOpen(true)}>
          <DoneAllIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <DialogTitle id={titleId}>{t("ticketsManager.closeAll.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId}>
            {t("ticketsManager.closeAll.message", { status: t(`ticketsManager.statuses.${status}`) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            {t("ticketsManager.closeAll.no")}
          </Button>
          <Button onClick={confirm} color="error" variant="contained" disabled={closeAll.isPending}>
            {t("ticketsManager.closeAll.yes")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
