import { FLOW_NAME_MAX, type FlowDto, flowName } from "@inbox/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSaveFlow } from "../../api/flows";
import { toastError } from "../../app/toast/toast-error";
import { toast } from "../../app/toast/toast-store";
import { DialogForm } from "../../components/DialogForm";

interface FlowNameDialogProps {
  /** The flow being renamed, or null for a new one. */
  flow: FlowDto | null;
  onClose: () => void;
}

/**
 * Adds or renames a flow (spec 3 section 2: the dialog has one name field). The name is checked
 * with the server's schema, so both answer the spec's messages ('Muito curto!', 'Muito longo!',
 * 'Digite um nome!').
 */
export function FlowNameDialog({ flow, onClose }: FlowNameDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveFlow();
  const [name, setName] = useState(flow?.name ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = flowName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ id: flow?.id ?? null, name: parsed.data });
      toast.success(t("flows.saved"));
      onClose();
    } catch (failure) {
      toastError(failure);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{flow ? t("flows.editTitle") : t("flows.addTitle")}</DialogTitle>
      <DialogForm onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <TextField
            label={t("flows.fields.name")}
            name="name"
            required
            autoFocus
            fullWidth
            size="small"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: FLOW_NAME_MAX + 10 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
