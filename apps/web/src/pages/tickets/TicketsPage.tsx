import { LIMITS } from "@inbox/shared";
import ForumIcon from "@mui/icons-material/Forum";
import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";

/**
 * Placeholder of the tickets screen: the list on the left, the selected
 * ticket (or a welcome message) on the right. A missing or 'undefined' id
 * goes back to /tickets (spec 1 section 2).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  if (uuid === "undefined" || uuid === "") return <Navigate to="/tickets" replace />;

  return (
    <Box
      sx={{
        display: "flex",
        gap: 2,
        height: "100%",
        minHeight: 400,
        flexDirection: { xs: "column", md: "row" },
      }}
    >
      <Paper
        variant="outlined"
        component="section"
        aria-label={t("tickets.title")}
        sx={{ width: { md: LIMITS.ticketsPanelMinWidth }, flexShrink: 0, p: 2 }}
      >
        <Typography variant="h6" component="h1">
          {t("tickets.title")}
        </Typography>
      </Paper>
      <Paper
        variant="outlined"
        sx={{ flexGrow: 1, display: "flex", alignItems: "center", justifyContent: "center" }}
      >
        {uuid ? (
          <Typography variant="h6">{t("tickets.selected", { uuid })}</Typography>
        ) : (
          <EmptyState icon={<ForumIcon fontSize="large" aria-hidden />} message={t("tickets.welcome")} />
        )}
      </Paper>
    </Box>
  );
}
