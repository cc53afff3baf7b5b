import { Box, ButtonBase, Stack, TextField, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Distinct colours for queues; any other can be typed as hex. */
export const QUEUE_PALETTE = [
  "#B80000",
  "#DB3E00",
  "#FCCB00",
  "#008B02",
  "#006B76",
  "#1273DE",
  "#004DCF",
  "#5300EB",
  "#EB9694",
  "#FAD0C3",
  "#FEF3BD",
  "#C1E1C5",
  "#BEDADC",
  "#C4DEF6",
  "#BED3F3",
  "#D4C4FB",
] as const;

interface ColorFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** The queue's colour: a palette to pick from and the hex value, editable (3 to 9 characters). */
export function ColorField({ value, error, onChange }: ColorFieldProps) {
  const { t } = useTranslation();
  const current = value.trim().toLowerCase();
  return (
    <Stack spacing={1}>
      <TextField
        label={t("queues.modal.fields.color")}
        value={value}
        required
        size="small"
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          input: {
            startAdornment: (
              <Box
                aria-hidden
                sx={{
                  width: 20,
                  height: 20,
                  mr: 1,
                  borderRadius: 0.5,
                  flexShrink: 0,
                  border: 1,
                  borderColor: "divider",
                  bgcolor: value || "transparent",
                }}
              />
            ),
          },
        }}
      />
      <Box
        role="group"
        aria-label={t("queues.modal.fields.colorPicker")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.75 }}
      >
        {QUEUE_PALETTE.map((color) => (
          <Tooltip key={color} title={color}>
            <ButtonBase
              aria-label={t("queues.modal.pickColor", { color })}
              aria-pressed={current === color.toLowerCase()}
              onClick={() => onChange(color)}
              sx={{
                width: 24,
                height: 24,
                borderRadius: 0.5,
                bgcolor: color,
                outline: current === color.toLowerCase() ? 2 : 0,
                outlineColor: "text.primary",
                outlineOffset: 2,
              }}
            />
          </Tooltip>
        ))}
      </Box>
    </Stack>
  );
}
