import CancelIcon from "@mui/icons-material/Cancel";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatRecordingTime } from "./use-audio-recorder";

/** While recording (spec 1 section 4): the mm:ss timer between cancel and send. */
export function RecordingBar({ seconds, onFinish }: { seconds: number; onFinish: (keep: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" alignItems="center" justifyContent="flex-end" spacing={1} sx={{ py: 0.5 }}>
      <Tooltip title={t("ticketView.input.cancelRecording")}>
        <IconButton
          aria-label={t("ticketView.input.cancelRecording")}
          onClick={() => onFinish(false)}
          color="error"
        >
          <CancelIcon />
        </IconButton>
      </Tooltip>
      <Typography role="timer" aria-live="off" variant="body2">
        {t("ticketView.input.recording", { time: formatRecordingTime(seconds) })}
      </Typography>
      <Tooltip title={t("ticketView.input.sendRecording")}>
        <IconButton
          aria-label={t("ticketView.input.sendRecording")}
          onClick={() => onFinish(true)}
          color="success"
        >
          <CheckCircleIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
