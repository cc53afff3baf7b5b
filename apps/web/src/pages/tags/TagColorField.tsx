import { randomTagColor } from "@inbox/shared";
import CasinoIcon from "@mui/icons-material/Casino";
import { Box, IconButton, InputAdornment, TextField, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";

/** #rgb as #rrggbb: the browser's colour input takes only the long form. */
export function longHex(color: string): string {
  const value = color.trim();
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(value))
    return `#${[...value.slice(1)].map((digit) => digit + digit).join("")}`.toLowerCase();
  if (/^#[0-9a-fA-F]{8}$/.test(value)) return value.slice(0, 7).toLowerCase();
  return "#000000";
}

interface TagColorFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * The tag's colour: the hex value (typed), the browser's colour picker on its swatch, and a button
 * that draws another random colour (a new tag starts with one, spec 2 section 5).
 */
export function TagColorField({ value, error, onChange }: TagColorFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("tags.dialog.color")}
      value={value}
      required
      size="small"
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={t("tags.dialog.pickColor")}
                value={longHex(value)}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
                sx={{
                  width: 28,
                  height: 28,
                  p: 0,
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 0.5,
                  bgcolor: "transparent",
                  cursor: "pointer",
                }}
              />
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t("tags.dialog.randomColor")}>
                <IconButton
                  size="small"
                  aria-label={t("tags.dialog.randomColor")}
                  onClick={() => onChange(randomTagColor())}
                >
                  <CasinoIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
