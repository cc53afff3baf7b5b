import BlockIcon from "@mui/icons-material/Block";
import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

/** The 403 view (spec 1 section 2): 'Oops! Acesso Negado!' and a way back to /tickets. */
export function ForbiddenView() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 2,
        py: 8,
        textAlign: "center",
      }}
    >
      <BlockIcon color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        {t("forbidden.title")}
      </Typography>
      <Typography color="text.secondary">{t("forbidden.description")}</Typography>
      <Button variant="contained" component={RouterLink} to="/tickets">
        {t("forbidden.back")}
      </Button>
    </Box>
  );
}
