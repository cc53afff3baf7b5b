import type { DashboardCounters } from "@inbox/shared";
import { Box, Typography, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Where the range's tickets are now (open, pending, closed) and who started them, as stacked bars. */
export function StatusChart({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <StackedBar
        title={t("dashboard.charts.status")}
        parts={[
          {
            label: t("dashboard.counters.supportHappening"),
            value: counters.supportHappening,
            color: theme.palette.primary.main,
          },
          {
            label: t("dashboard.counters.supportPending"),
            value: counters.supportPending,
            color: theme.palette.warning.main,
          },
          {
            label: t("dashboard.counters.supportFinished"),
            value: counters.supportFinished,
            color: theme.palette.success.main,
          },
        ]}
      />
      <StackedBar
        title={t("dashboard.charts.origin")}
        parts={[
          {
            label: t("dashboard.counters.passiveTickets"),
            value: counters.passiveTickets,
            color: theme.palette.info.main,
          },
          {
            label: t("dashboard.counters.activeTickets"),
            value: counters.activeTickets,
            color: theme.palette.secondary.main,
          },
        ]}
      />
    </Box>
  );
}

interface Part {
  label: string;
  value: number;
  color: string;
}

function StackedBar({ title, parts }: { title: string; parts: Part[] }) {
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const description = parts.map((part) => `${part.label}: ${part.value}`).join(", ");
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      <Box
        role="img"
        aria-label={`${title}: ${description}`}
        // The track stays drawn (outlined) when every part is 0: an empty bar, not a missing one.
        sx={{
          display: "flex",
          height: 20,
          borderRadius: 1,
          overflow: "hidden",
          bgcolor: "action.hover",
          border: 1,
          borderColor: "divider",
        }}
      >
        {total > 0 &&
          parts.map((part) => (
            <Box
              key={part.label}
              title={`${part.label}: ${part.value}`}
              sx={{ width: `${(part.value / total) * 100}%`, bgcolor: part.color }}
            />
          ))}
      </Box>
      <Box sx={{ display: "flex", gap: 2, mt: 0.5, flexWrap: "wrap" }}>
        {parts.map((part) => (
          <Box key={part.label} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
            <Box sx={{ width: 10, height: 10, bgcolor: part.color, borderRadius: 0.5 }} aria-hidden />
            <Typography variant="caption">
              {part.label}: {part.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
