import { FLOW_INTERVAL_MAX_SECONDS } from "@inbox/shared";
import { TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/** Spec 3 section 5: empty or ≤0 'Adicione o valor de intervalo'; above 120 'Máximo de tempo atingido 120 segundos'. */
export function intervalError(value: string | number): "intervalEmpty" | "intervalMax" | null {
  const seconds = Number(value);
  if (value === "" || !Number.isFinite(seconds) || seconds <= 0) return "intervalEmpty";
  if (seconds > FLOW_INTERVAL_MAX_SECONDS) return "intervalMax";
  return null;
}

export function IntervalDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [sec, setSec] = useState(data.sec === undefined ? "" : String(data.sec));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = intervalError(sec);
    if (problem) return setError(t(`flowbuilder.errors.${problem}`));
    onSave({ ...data, label: `${Number(sec)}s`, sec: Number(sec) });
  };
  return (
    <NodeDialogFrame type="interval" mode={mode} onSubmit={submit} onClose={onClose} maxWidth="xs">
      <TextField
        label={t("flowbuilder.fields.seconds")}
        type="number"
        autoFocus
        fullWidth
        size="small"
        value={sec}
        onChange={(event) => setSec(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS } }}
      />
    </NodeDialogFrame>
  );
}
