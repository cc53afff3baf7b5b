import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** #abc as #aabbcc: the browser's colour input takes six digits only. */
function sixDigits(color: string): string {
  return /^#[0-9a-fA-F]{3}$/.test(color)
    ? `#${[...color.slice(1)].map((c) => c + c).join("")}`
    : color.slice(0, 7);
}

interface ColorPickerDialogProps {
  open: boolean;
  title: string;
  value: string;
  busy?: boolean;
  onSave: (color: string) => void;
  onClose: () => void;
}

/**
 * The colour-picker dialog of the whitelabel tab: the browser's own colour
 * picker (keyboard accessible) beside a hex field that can be typed into, and
 * a preview of the colour on a button. Mounted when opened, so it starts from
 * the saved value.
 */
export function ColorPickerDialog({ open, title, value, busy, onSave, onClose }: ColorPickerDialogProps) {
  const { t } = useTranslation();
  const [color, setColor] = useState(value);
  const valid = HEX.test(color);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", pt: 1 }}>
          <Box
            component="input"
            type="color"
            aria-label={t("whitelabel.pickColor")}
            value={valid ? sixDigits(color) : "#000000"}
            onChange={(event) => setColor((event.target as HTMLInputElement).value)}
            sx={{ width: 56, height: 56, p: 0, border: 0, bgcolor: "transparent", cursor: "pointer" }}
          />
          <TextField
            label={t("whitelabel.hex")}
            size="small"
            value={color}
            onChange={(event) => setColor(event.target.value.trim())}
            error={!valid}
            helperText={valid ? undefined : t("whitelabel.invalidColor")}
            slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
          />
        </Stack>
        <Button
          variant="contained"
          disableRipple
          tabIndex={-1}
          sx={{ mt: 2, bgcolor: valid ? color : undefined }}
        >
          {t("whitelabel.preview")}
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => onSave(color)}>
          {t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
