import { Box, Slider, Typography } from "@mui/material";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { intervalError } from "./IntervalDialog";
import { NodeDialogFrame, type NodeDialogProps } from "./NodeDialogFrame";

/**
 * The share of contacts leaving by "a" (spec 3 section 5: a slider 0 to 100 in steps of 10; its
 * save check reuses the interval rule, so 0 gives 'Adicione o valor de intervalo').
 */
export function RandomizerDialog({ mode, data, onSave, onClose }: NodeDialogProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [percent, setPercent] = useState(Number(data.percent ?? 50));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = intervalError(percent);
    if (problem) return setError(t(`flowbuilder.errors.${problem}`));
    onSave({ ...data, percent });
  };
  return (
    <NodeDialogFrame type="randomizer" mode={mode} onSubmit={submit} onClose={onClose} maxWidth="xs">
      <Typography id={labelId} gutterBottom>
        {t("flowbuilder.fields.percent")}: {percent}% / {100 - percent}%
      </Typography>
      <Box sx={{ px: 1 }}>
        <Slider
          aria-labelledby={labelId}
          value={percent}
          min={0}
          max={100}
          step={10}
          marks
          valueLabelDisplay="auto"
          onChange={(_, value) => setPercent(value as number)}
        />
      </Box>
      {error && (
        <Typography color="error" variant="caption" role="alert">
          {error}
        </Typography>
      )}
    </NodeDialogFrame>
  );
}
