import { CssBaseline } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { type ReactNode, useMemo } from "react";
import { useFetchWhitelabel } from "../api/whitelabel";
import { useAuth } from "./auth/auth-context";
import { createAppTheme } from "./theme";
import { WhitelabelContext, WhitelabelHead } from "./WhitelabelHead";

/**
 * Light by default; dark when the signed-in user chose it (defaultTheme). The
 * primary colour of each mode is the platform's whitelabel (public settings),
 * the same for every company and on the login page.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const mode = user?.defaultTheme === "dark" ? "dark" : "light";
  const whitelabel = useFetchWhitelabel();
  const { primaryColorLight: light, primaryColorDark: dark } = whitelabel;
  const theme = useMemo(() => createAppTheme(mode, { light, dark }), [mode, light, dark]);
  return (
    <WhitelabelContext.Provider value={whitelabel}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <WhitelabelHead whitelabel={whitelabel} signedIn={Boolean(user)} />
        {children}
      </ThemeProvider>
    </WhitelabelContext.Provider>
  );
}
