import type { MessageDto } from "@inbox/shared";
import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messagesApi } from "../../../api/messages";
import { toastError } from "../../../app/toast/toast-error";
import { useMessageActions } from "../message-menu/message-actions";

/**
 * A received media the server could not download (refused or failed, issue 8
 * sections 2 and 7): said so, with a retry that asks the server to download it
 * again; the answer (or the live update) replaces the message.
 */
export function MediaUnavailable({ message }: { message: MessageDto }) {
  const { t } = useTranslation();
  const actions = useMessageActions();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      actions?.onChanged(await messagesApi.retryMedia(message.id));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" role="status" sx={{ py: 0.5 }}>
      <BrokenImageOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontStyle: "italic" }}>
        {t("ticketTools.bubble.mediaUnavailable")}
      </Typography>
      {actions && (
        <Button size="small" color="inherit" variant="outlined" disabled={busy} onClick={() => void retry()}>
          {busy ? t("ticketTools.bubble.retryingMedia") : t("ticketTools.bubble.retryMedia")}
        </Button>
      )}
    </Stack>
  );
}
