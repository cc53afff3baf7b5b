import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useTicketLogs } from "../../../api/ticket-actions";
import { formatDateTimeShort } from "../../../app/format-date";
import { errorMessage } from "../../../app/toast/toast-error";
import { LoadingState } from "../../../components/LoadingState";
import { flowStepText } from "./timeline";

/** The ticket log timeline (spec 1 section 3, ticket log entry): what happened, by whom, in which queue. */
export function TicketLogDialog({
  open,
  ticketId,
  onClose,
}: {
  open: boolean;
  ticketId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const logs = useTicketLogs(ticketId, open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("ticketView.logs.title")}</DialogTitle>
      <DialogContent dividers>
        {logs.isPending ? (
          <LoadingState />
        ) : logs.isError ? (
          <Alert severity="error">{errorMessage(logs.error)}</Alert>
        ) : logs.data.length === 0 ? (
          <Alert severity="info">{t("ticketView.logs.empty")}</Alert>
        ) : (
          <List aria-label={t("ticketView.logs.title")} dense>
            {logs.data.map((entry) => (
              <ListItem key={entry.id} sx={{ borderLeft: 3, borderColor: "primary.main", mb: 1 }}>
                <ListItemText
                  primary={t(`ticketView.logs.types.${entry.type}`)}
                  secondary={
                    <Box component="span">
                      {[
                        formatDateTimeShort(entry.createdAt),
                        entry.user ? t("ticketView.logs.by", { name: entry.user.name }) : null,
                        entry.queue ? t("ticketView.logs.inQueue", { name: entry.queue.name }) : null,
                        entry.type === "lane"
                          ? `${entry.fromLane?.name ?? "—"} → ${entry.toLane?.name ?? "—"}`
                          : null,
                        entry.flowStep ? flowStepText(entry.flowStep, t) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Box>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
