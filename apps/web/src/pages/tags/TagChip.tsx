import { Chip } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { longHex } from "./TagColorField";

/** A tag's name on its colour, with a text colour readable on it. */
export function TagChip({ name, color }: { name: string; color: string }) {
  const theme = useTheme();
  return (
    <Chip
      label={name}
      size="small"
      sx={{
        bgcolor: color,
        color: theme.palette.getContrastText(longHex(color)),
        fontWeight: 500,
        maxWidth: 320,
      }}
    />
  );
}
