import { FLOW_MENU_OPTIONS_MAX, FLOW_TEXT_MAX } from "@inbox/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

interface Option {
  number: number;
  value: string;
}

/** The menu's message and numbered options; each option is one way out of the node. */
export function MenuDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(String(data.message ?? ""));
  const [options, setOptions] = useState<Option[]>(
    ((data.arrayOption ?? []) as Option[]).length
      ? (data.arrayOption as Option[])
      : [{ number: 1, value: "" }],
  );
  const [error, setError] = useState<string | null>(null);
  // Numbers stay with their option (edges leave by "a{number}"): a new one takes the next free number.
  const add = () =>
    setOptions((list) => [...list, { number: Math.max(0, ...list.map((o) => o.number)) + 1, value: "" }]);
  const submit = () => {
    if (!message.trim()) return setError(t("flowbuilder.errors.emptyMessage"));
    if (options.length === 0) return setError(t("flowbuilder.errors.menuOptions"));
    if (options.some((option) => !option.value.trim())) return setError(t("flowbuilder.errors.optionEmpty"));
    onSave({
      ...data,
      message,
      arrayOption: options.map((o) => ({ number: o.number, value: o.value.trim() })),
    });
  };
  return (
    <NodeDialogFrame type="menu" mode={mode} onSubmit={submit} onClose={onClose}>
      <Stack spacing={2}>
        <TextField
          label={t("flowbuilder.fields.message")}
          autoFocus
          multiline
          minRows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: FLOW_TEXT_MAX } }}
        />
        {options.map((option) => (
          <Stack key={option.number} direction="row" spacing={1} alignItems="center">
            <TextField
              label={t("flowbuilder.fields.option", { number: option.number })}
              size="small"
              fullWidth
              value={option.value}
              onChange={(event) =>
                setOptions((list) =>
                  list.map((o) => (o.number === option.number ? { ...o, value: event.target.value } : o)),
                )
              }
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <IconButton
              aria-label={t("flowbuilder.fields.removeOption", { number: option.number })}
              onClick={() => setOptions((list) => list.filter((o) => o.number !== option.number))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={add}
          disabled={options.length >= FLOW_MENU_OPTIONS_MAX}
          sx={{ alignSelf: "flex-start" }}
        >
          {t("flowbuilder.fields.addOption")}
        </Button>
        {error && (
          <Typography color="error" variant="caption" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </NodeDialogFrame>
  );
}
