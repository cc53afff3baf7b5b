import { subscriptionState } from "@inbox/shared";
import { Alert, AlertTitle } from "@mui/material";
import { useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMePolling } from "../../api/invoices";
import { DEFAULT_PRIVATE_PATH } from "../../app/auth/AuthProvider";
import { useAuth } from "../../app/auth/auth-context";
import { formatDate } from "../../app/format-date";
import { toast } from "../../app/toast/toast-store";
import { PageHeader } from "../../components/PageHeader";
import { RealtimeContext } from "../../realtime/realtime-context";
import { InvoicesList, useInvoiceList } from "./InvoicesList";

const isExpired = (user: { companyId: number; company?: { dueDate: string | null } } | null) =>
  user !== null && subscriptionState(user.companyId, user.company?.dueDate ?? null).kind === "expired";

/**
 * /financeiro-aberto: where an expired subscription lands (after login, or
 * on any answer with ERR_SUBSCRIPTION_EXPIRED). The server refuses the
 * company's socket, so a payment cannot be heard: while the tab is visible
 * the page asks GET /auth/me every 10 s and, once the due date has moved,
 * takes the new date, reopens the socket and goes home, without signing in again.
 */
export function OpenInvoicesPage({ pollMs }: { pollMs?: number } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, updateUser } = useAuth();
  const { socket } = useContext(RealtimeContext);
  const list = useInvoiceList();
  // Only a visit that began expired waits for the payment; otherwise this is just the list.
  const [waiting] = useState(() => isExpired(user));
  const me = useMePolling(waiting, pollMs);

  useEffect(() => {
    const current = me.data;
    if (!waiting || !current || isExpired(current)) return;
    updateUser(current);
    if (socket && !socket.connected) socket.connect();
    toast.success(t("invoices.restored", { date: formatDate(current.company?.dueDate) }));
    navigate(DEFAULT_PRIVATE_PATH, { replace: true });
  }, [me.data, waiting, updateUser, socket, navigate, t]);

  return (
    <>
      <PageHeader title={t("invoices.title", { count: list.count })} />
      {waiting && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{t("invoices.expired")}</AlertTitle>
          {t("invoices.expiredDescription")}
        </Alert>
      )}
      <InvoicesList list={list} />
    </>
  );
}
