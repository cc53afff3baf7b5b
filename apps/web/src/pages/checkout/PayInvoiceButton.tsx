import type { InvoiceDto } from "@inbox/shared";
import PixIcon from "@mui/icons-material/Pix";
import { Button } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckoutDialog } from "./CheckoutDialog";

/** The invoice row's pay button (spec 2 section 2, Invoices): unpaid invoices only; it opens the checkout. */
export function PayInvoiceButton({ invoice }: { invoice: InvoiceDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Paid while its checkout is open (the payment event refreshes the list): the dialog stays to show the new date.
  if (invoice.status === "paid" && !open) return null;
  return (
    <>
      {invoice.status !== "paid" && (
        <Button
          size="small"
          variant="contained"
          startIcon={<PixIcon />}
          aria-label={t("checkout.payInvoice", { id: invoice.id })}
          onClick={() => setOpen(true)}
        >
          {t("checkout.payButton")}
        </Button>
      )}
      <CheckoutDialog invoice={open ? invoice : null} onClose={() => setOpen(false)} />
    </>
  );
}
