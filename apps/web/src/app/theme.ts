import { createTheme, type Theme } from "@mui/material/styles";

/** Default colours of spec 2 section 9 (whitelabel settings may override them later). */
export const PRIMARY_COLORS = { light: "#111416", dark: "#39ACE7" } as const;

export function createAppTheme(mode: "light" | "dark"): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: PRIMARY_COLORS[mode] },
      ...(mode === "light" ? { background: { default: "#f4f6f8" } } : {}),
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}
