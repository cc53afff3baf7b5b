import type { InvoiceDto } from "@inbox/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { invoicesApi } from "../../api/invoices";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { SubscriptionPage } from "../subscription/SubscriptionPage";
import { CheckoutDialog } from "./CheckoutDialog";

/**
 * /subscription with 'Assine Agora!' wired to the checkout: it pays the
 * company's oldest unpaid invoice of the newest page (the one due first).
 */
export function SubscribeNowPage() {
  const { t } = useTranslation();
  const [invoice, setInvoice] = useState<InvoiceDto | null>(null);
  const subscribe = async () => {
    try {
      const page = await invoicesApi.page("", 1);
      const unpaid = page.invoices
        .filter((candidate) => candidate.status !== "paid")
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
      if (unpaid) setInvoice(unpaid);
      else toast.info(t("checkout.noOpenInvoice"));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <>
      <SubscriptionPage onSubscribe={() => void subscribe()} />
      <CheckoutDialog invoice={invoice} onClose={() => setInvoice(null)} />
    </>
  );
}
