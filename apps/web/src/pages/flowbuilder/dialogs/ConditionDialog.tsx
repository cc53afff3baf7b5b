import { FLOW_CONDITION_OPERATORS } from "@inbox/shared";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

const OPERATORS = Object.keys(FLOW_CONDITION_OPERATORS);

/** Key, operator (spec 3 section 4: 1 equal, 2 >=, 3 <=, 4 <, 5 >) and value. */
export function ConditionDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState(String(data.key ?? ""));
  const [condition, setCondition] = useState(String(data.condition ?? 1));
  const [value, setValue] = useState(String(data.value ?? ""));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!key.trim()) return setError(t("flowbuilder.errors.conditionKey"));
    onSave({ ...data, key: key.trim(), condition: Number(condition), value });
  };
  return (
    <NodeDialogFrame type="condition" mode={mode} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2}>
        <TextField
          label={t("flowbuilder.fields.key")}
          autoFocus
          size="small"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          error={Boolean(error)}
          helperText={error}
        />
        <TextField
          select
          label={t("flowbuilder.fields.operator")}
          size="small"
          value={condition}
          onChange={(event) => setCondition(event.target.value)}
        >
          {OPERATORS.map((operator) => (
            <MenuItem key={operator} value={operator}>
              {t(`flowbuilder.operators.${operator}` as "flowbuilder.operators.1")}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t("flowbuilder.fields.value")}
          size="small"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Stack>
    </NodeDialogFrame>
  );
}
