import { WHITELABEL_DEFAULTS } from "@inbox/shared";
import { createTheme, type Theme } from "@mui/material/styles";

/** Default colours of spec 2 section 9; the whitelabel's primaryColorLight and primaryColorDark replace them. */
export const PRIMARY_COLORS = {
  light: WHITELABEL_DEFAULTS.primaryColorLight,
  dark: WHITELABEL_DEFAULTS.primaryColorDark,
} as const;

export type PrimaryColors = { light: string; dark: string };

export function createAppTheme(mode: "light" | "dark", primary: PrimaryColors = PRIMARY_COLORS): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: primary[mode] },
      ...(mode === "light" ? { background: { default: "#f4f6f8" } } : {}),
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
