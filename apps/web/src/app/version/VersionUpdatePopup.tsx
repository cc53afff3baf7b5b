import SystemUpdateAltIcon from "@mui/icons-material/SystemUpdateAlt";
import { Box, Button, Dialog, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useVersionCheck } from "./use-version-check";

interface VersionUpdatePopupProps {
  /** What the button does; the page reloads (tests give their own). */
  onReload?: () => void;
}

/**
 * The full-screen 'Atualização necessária!' popup (spec 3 section 2) shown when the server's
 * version changes under the loaded page. It cannot be dismissed (no Escape, no backdrop): the only
 * way on is its 'Atualizar Sistema' button, which has the focus and reloads the page.
 */
export function VersionUpdatePopup({ onReload = () => window.location.reload() }: VersionUpdatePopupProps) {
  const { t } = useTranslation();
  const { outdated } = useVersionCheck();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={outdated} fullScreen aria-labelledby={titleId} aria-describedby={messageId}>
      <Box
        sx={{
          flexGrow: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: 2,
          p: 3,
          textAlign: "center",
        }}
      >
        <SystemUpdateAltIcon color="primary" sx={{ fontSize: 64 }} />
        <Typography id={titleId} variant="h4" component="h2">
          {t("versionCheck.title")}
        </Typography>
        <Typography id={messageId} color="text.secondary">
          {t("versionCheck.message")}
        </Typography>
        <Button variant="contained" size="large" autoFocus onClick={onReload}>
          {t("versionCheck.reload")}
        </Button>
      </Box>
    </Dialog>
  );
}
