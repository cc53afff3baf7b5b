import { Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { subscriptionApi } from "../../api/subscription";
import { formatDate } from "../../app/format-date";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { ConfirmDialog } from "../../components/ConfirmDialog";

/**
 * Super users: the embedded PIX provider tells nobody of a payment, so the
 * platform owner, seeing "Fatura {id}" in the bank statement (the code's
 * additional information), confirms that invoice here (PUT /invoices/{id}/paid).
 */
export function MarkInvoicePaid() {
  const { t } = useTranslation();
  const [invoiceId, setInvoiceId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const id = Number(invoiceId);
  const valid = Number.isInteger(id) && id > 0;
  const markPaid = useMutation({
    mutationFn: () => subscriptionApi.markPaid(id),
    onSuccess: (paid) => {
      toast.success(t("checkout.markedPaidDue", { id: paid.id, date: formatDate(paid.company.dueDate) }));
      setInvoiceId("");
    },
    onError: toastError,
    onSettled: () => setConfirming(false),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid) setConfirming(true);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="settings-mark-paid">
      <Typography id="settings-mark-paid" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("checkout.markPaidTitle")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("checkout.markPaidHelp")}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction="row"
        spacing={2}
        sx={{ alignItems: "center" }}
      >
        <TextField
          size="small"
          label={t("checkout.invoiceNumber")}
          value={invoiceId}
          onChange={(event) => setInvoiceId(event.target.value.replace(/\D/g, ""))}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <Button type="submit" variant="outlined" disabled={!valid || markPaid.isPending}>
          {t("checkout.markPaidButton")}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t("checkout.markPaid", { id })}
        message={t("checkout.markPaidConfirm", { id })}
        confirmLabel={t("checkout.markPaidButton")}
        busy={markPaid.isPending}
        onConfirm={() => markPaid.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
