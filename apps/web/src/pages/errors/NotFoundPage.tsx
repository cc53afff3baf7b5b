import { Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

export function NotFoundPage() {
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
      <Typography variant="h4" component="h1">
        {t("notFound.title")}
      </Typography>
      <Typography color="text.secondary">{t("notFound.description")}</Typography>
      <Button variant="contained" component={RouterLink} to="/tickets">
        {t("notFound.back")}
      </Button>
    </Box>
  );
}
