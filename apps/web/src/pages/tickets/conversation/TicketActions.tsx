import type { TicketDto, TicketUpdateBody, UserDto } from "@inbox/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import HistoryIcon from "@mui/icons-material/History";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import ScheduleSendOutlinedIcon from "@mui/icons-material/ScheduleSendOutlined";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import { Button, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../api/api-error";
import { useQueueOptions } from "../../../api/queues";
import { useDeleteTicket, useUpdateTicket } from "../../../api/ticket-actions";
import { isAdmin } from "../../../app/permissions";
import { toastError } from "../../../app/toast/toast-error";
import { toast } from "../../../app/toast/toast-store";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { ExportPdfDialog } from "../export/ExportPdfDialog";
import { ScheduleMessageDialog } from "../schedule/ScheduleMessageDialog";
import { AcceptTicketDialog } from "./AcceptTicketDialog";
import { ResolveTicketDialog } from "./ResolveTicketDialog";
import { TicketLogDialog } from "./TicketLogDialog";
import { type TakenBy, TicketTakenDialog } from "./TicketTakenDialog";
import { type TransferChoice, TransferTicketDialog } from "./TransferTicketDialog";

/** What the page does after an action: show a ticket in its tab, or go back to the list. */
export interface TicketActionOutcome {
  /** Accept and reopen: the ticket as answered, to show in the tab of its status. */
  shown?: TicketDto;
  /** Resolve, return, transfer, delete: back to /tickets. */
  leave?: boolean;
  /** ERR_OTHER_OPEN_TICKET naming a ticket we may open ourselves; a transfer's new ticket that is ours. */
  openUuid?: string;
}

type DialogName = "accept" | "reopen" | "resolve" | "transfer" | "delete" | "logs" | "export" | null;

const WAITING = new Set(["pending", "lgpd", "nps"]);
const ATTENDED = new Set(["open", "group"]);

/** May this user close (ignore) a waiting ticket? Admins, or userClosePendingTicket (spec 1 section 6). */
function mayCloseWaiting(user: UserDto): boolean {
  return isAdmin(user) || user.userClosePendingTicket === "enabled";
}

/**
 * The conversation header's actions by status (spec 1 sections 2 and 4):
 * pending: accept (queue-choice first without a queue), resolve when allowed;
 * open/group: return to queue, resolve; closed: reopen. Transfer, the log
 * timeline and (admin) delete are in the more-actions menu.
 */
export function TicketActions({
  ticket,
  user,
  onOutcome,
}: {
  ticket: TicketDto;
  user: UserDto;
  onOutcome: (outcome: TicketActionOutcome) => void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [dialog, setDialog] = useState<DialogName>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [takenBy, setTakenBy] = useState<TakenBy | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const queues = useQueueOptions(dialog === "accept" || dialog === "reopen" || dialog === "transfer");
  const busy = update.isPending || remove.isPending;
  const status = ticket.status;

  /** Accept and reopen take the ticket for us; the answer may say someone else was faster. */
  const take = async (queueId?: number) => {
    const body: TicketUpdateBody = { status: ticket.isGroup ? "group" : "open", userId: user.id };
    if (queueId !== undefined) body.queueId = queueId;
    try {
      const answer = await update.mutateAsync({ id: ticket.id, body });
      setDialog(null);
      if (answer.id !== ticket.id || (answer.userId !== null && answer.userId !== user.id)) {
        setTakenBy({ userName: answer.user?.name ?? null, queueName: answer.queue?.name ?? null });
        return;
      }
      onOutcome({ shown: answer });
    } catch (error) {
      setDialog(null);
      const other = isApiError(error) ? error.ticket : undefined;
      if (other && other.userId !== null && other.userId !== user.id) {
        setTakenBy({ userName: other.user?.name ?? null, queueName: other.queue?.name ?? null });
      } else if (other) {
        onOutcome({ openUuid: other.uuid });
      } else {
        toastError(error);
      }
    }
  };

  /** Return, resolve, transfer: back to /tickets, unless `follow` names where the answer leads. */
  const change = async (
    body: TicketUpdateBody,
    follow: (answer: TicketDto) => TicketActionOutcome = () => ({ leave: true }),
  ) => {
    try {
      const answer = await update.mutateAsync({ id: ticket.id, body });
      setDialog(null);
      onOutcome(follow(answer));
    } catch (error) {
      toastError(error);
    }
  };

  const accept = () => {
    if (ticket.queueId === null && !ticket.isGroup) setDialog("accept");
    else void take();
  };
  const reopen = () => {
    if (ticket.queueId === null && !ticket.isGroup) setDialog("reopen");
    else void take();
  };
  const resolve = (withFarewell: boolean) =>
    change({ status: "closed", userId: ticket.userId ?? user.id, sendFarewellMessage: withFarewell });
  /**
   * With the company's closeTicketOnTransfer on, the server closes this ticket
   * and answers the new one it opened in the target queue: when that one is
   * ours, the conversation goes on there.
   */
  const transfer = (choice: TransferChoice) =>
    change(
      {
        isTransfered: true,
        queueId: choice.queueId,
        userId: choice.userId,
        status: choice.userId === null ? "pending" : ticket.isGroup ? "group" : "open",
        ...(choice.message ? { msgTransfer: choice.message } : {}),
      },
      (answer) => {
        toast.success(t("ticketView.transfer.done"));
        return answer.id !== ticket.id && answer.userId === user.id
          ? { openUuid: answer.uuid }
          : { leave: true };
      },
    );
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(ticket.id);
      setDialog(null);
      toast.success(t("ticketView.delete.done"));
      onOutcome({ leave: true });
    } catch (error) {
      toastError(error);
    }
  };

  const openDialog = (name: DialogName) => {
    setMenuAnchor(null);
    setDialog(name);
  };
  const canResolve = ATTENDED.has(status) || (WAITING.has(status) && mayCloseWaiting(user));

  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
        {WAITING.has(status) && (
          <Button variant="contained" size="small" onClick={accept} disabled={busy}>
            {t("ticketView.actions.accept")}
          </Button>
        )}
        {ATTENDED.has(status) && (
          <Button size="small" onClick={() => change({ status: "pending" })} disabled={busy}>
            {t("ticketView.actions.return")}
          </Button>
        )}
        {canResolve && (
          <Button
            size="small"
            variant={ATTENDED.has(status) ? "contained" : "outlined"}
            onClick={() => setDialog("resolve")}
            disabled={busy}
          >
            {t("ticketView.actions.resolve")}
          </Button>
        )}
        {status === "closed" && (
          <Button variant="contained" size="small" onClick={reopen} disabled={busy}>
            {t("ticketView.actions.reopen")}
          </Button>
        )}
        <Tooltip title={t("ticketView.actions.more")}>
          <IconButton
            aria-label={t("ticketView.actions.more")}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => openDialog("transfer")} disabled={busy}>
          <ListItemIcon>
            <SwapHorizIcon fontSize="small" />
          </ListItemIcon>
          {t("ticketView.actions.transfer")}
        </MenuItem>
        {user.company?.plan?.useSchedules !== false && (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setScheduling(true);
            }}
          >
            <ListItemIcon>
              <ScheduleSendOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t("schedules.action")}
          </MenuItem>
        )}
        <MenuItem onClick={() => openDialog("logs")}>
          <ListItemIcon>
            <HistoryIcon fontSize="small" />
          </ListItemIcon>
          {t("ticketView.actions.logs")}
        </MenuItem>
        <MenuItem onClick={() => openDialog("export")}>
          <ListItemIcon>
            <PictureAsPdfOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t("ticketTools.export.action")}
        </MenuItem>
        {isAdmin(user) && (
          <MenuItem onClick={() => openDialog("delete")} disabled={busy}>
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" color="error" />
            </ListItemIcon>
            {t("ticketView.actions.delete")}
          </MenuItem>
        )}
      </Menu>
      {(dialog === "accept" || dialog === "reopen") && (
        <AcceptTicketDialog
          open
          title={dialog === "accept" ? t("ticketView.accept.title") : t("ticketView.actions.reopen")}
          queues={queueChoices(user, queues.data ?? [])}
          busy={busy}
          onConfirm={(queueId) => void take(queueId)}
          onClose={() => setDialog(null)}
        />
      )}
      <ResolveTicketDialog
        open={dialog === "resolve"}
        contactId={ticket.contactId}
        isGroup={ticket.isGroup}
        busy={busy}
        onResolve={(withFarewell) => void resolve(withFarewell)}
        onClose={() => setDialog(null)}
      />
      {dialog === "transfer" && (
        <TransferTicketDialog
          open
          queues={queues.data ?? []}
          initialQueueId={ticket.queueId}
          busy={busy}
          onConfirm={(choice) => void transfer(choice)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "export" && <ExportPdfDialog ticket={ticket} onClose={() => setDialog(null)} />}
      <TicketLogDialog open={dialog === "logs"} ticketId={ticket.id} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("ticketView.delete.title", { id: ticket.id })}
        message={t("ticketView.delete.message")}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDialog(null)}
      />
      {scheduling && <ScheduleMessageDialog ticket={ticket} onClose={() => setScheduling(false)} />}
      <TicketTakenDialog takenBy={takenBy} onClose={() => setTakenBy(null)} />
    </>
  );
}

/** The queues offered when accepting: the user's own, or every queue for a user without any. */
function queueChoices(user: UserDto, all: { id: number; name: string; color: string }[]) {
  return user.queues.length > 0 ? user.queues : all;
}
