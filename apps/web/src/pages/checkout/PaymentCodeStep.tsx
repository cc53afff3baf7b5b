import { amountToCents, formatBrl, type SubscriptionChargeDto } from "@inbox/shared";
import { Alert, Box, CircularProgress, Stack, Typography } from "@mui/material";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/format-date";
import { CopyableField } from "../../components/CopyableField";
import { usePaymentPolling } from "./use-payment-polling";

/** The payment code (spec 2 section 2): the PIX QR image, the copy-and-paste code, the amount, then the outcome. */
export function PaymentCodeStep({ charge }: { charge: SubscriptionChargeDto }) {
  const { t, i18n } = useTranslation();
  const poll = usePaymentPolling(charge.id);
  return (
    <Stack spacing={2} sx={{ alignItems: "center" }}>
      <Typography variant="h5" component="p" data-testid="checkout-amount">
        {formatBrl(amountToCents(charge.valor.original), i18n.language)}
      </Typography>
      <Box sx={{ p: 1, bgcolor: "#fff", borderRadius: 1 }}>
        <QRCodeSVG value={charge.qrcode.qrcode} size={220} role="img" aria-label={t("checkout.qrLabel")} />
      </Box>
      <CopyableField label={t("checkout.copyPaste")} value={charge.qrcode.qrcode} />
      <Box aria-live="polite" sx={{ width: "100%" }}>
        {poll.kind === "waiting" && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "center" }}>
            <CircularProgress size={18} />
            <Typography color="text.secondary">{t("checkout.waiting")}</Typography>
          </Stack>
        )}
        {poll.kind === "paid" && (
          <Alert severity="success">
            {t("checkout.paid", { date: poll.dueDate ? formatDate(poll.dueDate) : "—" })}
          </Alert>
        )}
        {poll.kind === "timeout" && <Alert severity="info">{t("checkout.pollTimeout")}</Alert>}
        {poll.kind === "sessionEnded" && <Alert severity="error">{t("checkout.sessionExpired")}</Alert>}
      </Box>
    </Stack>
  );
}
