import { CssBaseline } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { type ReactNode, useMemo } from "react";
import { useAuth } from "./auth/auth-context";
import { createAppTheme } from "./theme";

/** Light by default; dark when the signed-in user chose it (defaultTheme). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const mode = user?.defaultTheme === "dark" ? "dark" : "light";
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
