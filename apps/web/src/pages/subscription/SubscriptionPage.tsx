import { subscriptionState } from "@inbox/shared";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../app/auth/auth-context";
import { formatDate } from "../../app/format-date";
import { PageHeader } from "../../components/PageHeader";
import { usePaymentEvents } from "../invoices/InvoicesList";

/** The licence line of spec 2: 'Sua licença vence em {n} dias!', or 'hoje!' on the day itself. */
export function licenceMessage(
  t: (key: string, options?: Record<string, unknown>) => string,
  companyId: number,
  dueDate: string | null,
  today = new Date(),
): string {
  const state = subscriptionState(companyId, dueDate, today);
  if (state.kind === "ok" && !Number.isFinite(state.daysLeft)) return t("invoices.subscription.neverExpires");
  if (state.kind !== "expired") return t("invoices.subscription.daysLeft", { count: state.daysLeft });
  if (dueDate === today.toISOString().slice(0, 10)) return t("invoices.subscription.today");
  return t("invoices.subscription.expired", { date: formatDate(dueDate) });
}

interface SubscriptionPageProps {
  /** 'Assine Agora!': the checkout dialog opens here (issue 10's checkout); until then, the invoices. */
  onSubscribe?: () => void;
}

/** /subscription: the read-only licence period, the billing e-mail and 'Assine Agora!' (spec 2 section 2). */
export function SubscriptionPage({ onSubscribe }: SubscriptionPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  usePaymentEvents();
  const dueDate = user.company?.dueDate ?? null;
  return (
    <>
      <PageHeader title={t("invoices.subscription.title")} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="overline" component="h2">
              {t("invoices.subscription.period")}
            </Typography>
            <Typography variant="h6" component="p" data-testid="licence-message">
              {licenceMessage(t as never, user.companyId, dueDate)}
            </Typography>
            {dueDate && (
              <Typography variant="body2" color="text.secondary">
                {t("invoices.subscription.dueDate", { date: formatDate(dueDate) })}
              </Typography>
            )}
          </Box>
          <Box>
            <Typography variant="overline" component="h2">
              {t("invoices.subscription.billingEmail")}
            </Typography>
            <Typography>{user.email}</Typography>
          </Box>
          <Box>
            <Button variant="contained" onClick={onSubscribe ?? (() => navigate("/financeiro"))}>
              {t("invoices.subscription.subscribe")}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
