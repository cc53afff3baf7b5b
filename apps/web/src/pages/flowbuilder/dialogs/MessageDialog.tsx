import { FLOW_TEXT_MAX } from "@inbox/shared";
import { TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/** A text node (data.label); empty gives 'Campos de mensagem vazio!'. */
export function MessageDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(String(data.label ?? ""));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!label.trim()) return setError(t("flowbuilder.errors.emptyMessage"));
    onSave({ ...data, label });
  };
  return (
    <NodeDialogFrame type="message" mode={mode} onSubmit={submit} onClose={onClose}>
      <TextField
        label={t("flowbuilder.fields.message")}
        autoFocus
        fullWidth
        multiline
        minRows={4}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: FLOW_TEXT_MAX } }}
      />
    </NodeDialogFrame>
  );
}
