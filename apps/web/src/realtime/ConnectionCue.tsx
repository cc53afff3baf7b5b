import { Alert, Box, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSocketStatus } from "./use-socket-status";

/**
 * 'Reconectando…' while the page's socket is down: a floating notice under
 * the top bar (it covers nothing of the layout) inside a live region, so
 * screen readers announce it going and coming. When the socket is back the
 * live lists load again (TicketEvents, ConnectionEvents, the bell, the chats).
 */
export function ConnectionCue() {
  const { t } = useTranslation();
  const status = useSocketStatus();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: "fixed",
        top: { xs: 64, sm: 72 },
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: "none",
      }}
    >
      {status === "reconnecting" && (
        <Alert
          severity="warning"
          variant="filled"
          icon={<CircularProgress size={18} color="inherit" aria-hidden />}
          sx={{ boxShadow: 3, alignItems: "center", pointerEvents: "auto" }}
        >
          <strong>{t("shellCues.reconnecting")}</strong> {t("shellCues.reconnectingHint")}
        </Alert>
      )}
    </Box>
  );
}
