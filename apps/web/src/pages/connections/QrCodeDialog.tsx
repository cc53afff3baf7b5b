import type { ConnectionDto } from "@inbox/shared";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { shouldCloseQrDialog } from "./connection-status";

interface QrCodeDialogProps {
  /** The connection as the live list has it; undefined once deleted. */
  connection: ConnectionDto | undefined;
  open: boolean;
  onClose: () => void;
}

/**
 * The QR code of a WhatsApp Web session. The list cache follows the
 * whatsappSession events, so a new code shows at once; the dialog closes by
 * itself when the code is gone or the phone connected (spec 2 section 4).
 */
export function QrCodeDialog({ connection, open, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const shouldClose = open && shouldCloseQrDialog(connection);

  useEffect(() => {
    if (shouldClose) onClose();
  }, [shouldClose, onClose]);

  const qrcode = connection?.qrcode;
  return (
    <Dialog open={open && !shouldClose} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("connections.qr.title", { name: connection?.name ?? "" })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t("connections.qr.instructions")}
        </Typography>
        <Box sx={{ display: "flex", justifyContent: "center", p: 2, bgcolor: "#fff", borderRadius: 1 }}>
          {qrcode && (
            <QRCodeSVG
              value={qrcode}
              size={256}
              marginSize={2}
              role="img"
              aria-label={t("connections.qr.imageLabel")}
              data-testid="connection-qrcode"
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
