import { Box, Container, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The centred card every public screen (login, signup, recovery) sits in. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: "100vh", display: "flex", alignItems: "center", bgcolor: "background.default" }}
    >
      <Container maxWidth="xs">
        <Paper elevation={3} sx={{ p: 4, display: "flex", flexDirection: "column", gap: 2 }}>
          <Typography variant="overline" color="text.secondary" textAlign="center">
            {t("common.appName")}
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
