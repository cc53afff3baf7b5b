import type { InvoiceDto, SubscriptionChargeDto } from "@inbox/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
} from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { subscriptionApi } from "../../api/subscription";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";
import { DataStep, PlanStep, ReviewStep } from "./CheckoutSteps";
import {
  type CheckoutValues,
  customBelowInvoice,
  dataErrors,
  initialCheckoutValues,
  subscriptionPayload,
} from "./checkout-form";
import { PaymentCodeStep } from "./PaymentCodeStep";

const STEPS = ["data", "customize", "review"] as const;

interface CheckoutDialogProps {
  /** The unpaid invoice to pay; null keeps the dialog closed. */
  invoice: InvoiceDto | null;
  onClose: () => void;
}

/**
 * 'Falta pouco!' (spec 2 sections 2 and 4): Dados, Personalizar, Revisar,
 * then the PIX payment code, polled until paid. VOLTAR, PRÓXIMO, PAGAR.
 */
export function CheckoutDialog({ invoice, onClose }: CheckoutDialogProps) {
  return invoice ? <CheckoutFlow key={invoice.id} invoice={invoice} onClose={onClose} /> : null;
}

function CheckoutFlow({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<CheckoutValues>(() => initialCheckoutValues(invoice));
  const [showErrors, setShowErrors] = useState(false);
  const [charge, setCharge] = useState<SubscriptionChargeDto | null>(null);
  const errors = showErrors ? dataErrors(values) : {};

  const pay = useMutation({
    mutationFn: () => subscriptionApi.create(subscriptionPayload(values, invoice)),
    onSuccess: (created) => {
      setCharge(created);
      toast.success(t("checkout.subscribed"));
    },
    onError: toastError,
  });

  const change = (patch: Partial<CheckoutValues>) => setValues((all) => ({ ...all, ...patch }));
  const next = () => {
    if (step === 0 && Object.keys(dataErrors(values)).length > 0) {
      setShowErrors(true);
      return;
    }
    setStep((s) => s + 1);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < STEPS.length - 1) next();
    else if (!pay.isPending) pay.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{t("checkout.title")}</DialogTitle>
      {charge ? (
        <>
          <DialogContent>
            <PaymentCodeStep charge={charge} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("checkout.close")}</Button>
          </DialogActions>
        </>
      ) : (
        <DialogForm onSubmit={submit}>
          <Stepper activeStep={step} sx={{ px: 3, pb: 2 }} alternativeLabel>
            {STEPS.map((id) => (
              <Step key={id}>
                <StepLabel>{t(`checkout.steps.${id}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <DialogContent dividers>
            {step === 0 && <DataStep values={values} onChange={change} errors={errors} />}
            {step === 1 && <PlanStep values={values} onChange={change} invoice={invoice} />}
            {step === 2 && <ReviewStep values={values} invoice={invoice} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("checkout.cancel")}</Button>
            <Button disabled={step === 0 || pay.isPending} onClick={() => setStep((s) => s - 1)}>
              {t("checkout.back")}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={pay.isPending || (step === 1 && customBelowInvoice(values, invoice))}
            >
              {step < STEPS.length - 1 ? t("checkout.next") : t("checkout.pay")}
            </Button>
          </DialogActions>
        </DialogForm>
      )}
    </Dialog>
  );
}
