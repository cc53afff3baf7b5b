import { Box, Container, Paper, Typography } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { type ReactNode, useState } from "react";
import { useAppName, useWhitelabel } from "../app/WhitelabelHead";

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/**
 * The centred card every public screen (login, signup, recovery) sits in,
 * with the platform's whitelabel: its logo for the theme's mode and its name.
 */
export function AuthCard({ title, children }: AuthCardProps) {
  const whitelabel = useWhitelabel();
  const name = useAppName();
  const dark = useTheme().palette.mode === "dark";
  const logo = dark
    ? (whitelabel.logoDark ?? whitelabel.logoLight)
    : (whitelabel.logoLight ?? whitelabel.logoDark);
  // A logo that fails to load is left out; the name still says whose screen this is.
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  return (
    <Box
      component="main"
      sx={{ minHeight: "100vh", display: "flex", alignItems: "center", bgcolor: "background.default" }}
    >
      <Container maxWidth="xs">
        <Paper elevation={3} sx={{ p: 4, display: "flex", flexDirection: "column", gap: 2 }}>
          {logo && logo !== brokenLogo && (
            <Box
              component="img"
              src={logo}
              alt=""
              onError={() => setBrokenLogo(logo)}
              sx={{ maxWidth: "100%", maxHeight: 96, objectFit: "contain", alignSelf: "center" }}
            />
          )}
          <Typography variant="overline" color="text.secondary" textAlign="center" data-testid="app-name">
            {name}
          </Typography>
          <Typography variant="h5" component="h1" textAlign="center">
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
