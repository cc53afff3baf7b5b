import type { DashboardCounters } from "@inbox/shared";
import { Box, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatMinutes, resolutionRate, responseScale } from "./dashboard-data";

/** Spec 1 section 2: the resolution rate, and the average response against the slowest (default 60). */
export function PerformanceBars({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const total = counters.activeTickets + counters.passiveTickets;
  const rate = resolutionRate(counters.supportFinished, total);
  const response = responseScale(counters.avgResponseTime, counters.maxResponseTime);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Bar
        label={t("dashboard.performance.resolutionRate")}
        detail={`${rate}% (${counters.supportFinished}/${total})`}
        value={rate}
        color="success"
      />
      <Bar
        label={t("dashboard.performance.avgResponse")}
        detail={t("dashboard.performance.ofMax", {
          avg: formatMinutes(counters.avgResponseTime),
          max: formatMinutes(response.max),
        })}
        value={response.value}
        color={response.value > 75 ? "warning" : "primary"}
      />
    </Box>
  );
}

function Bar({
  label,
  detail,
  value,
  color,
}: {
  label: string;
  detail: string;
  value: number;
  color: "success" | "primary" | "warning";
}) {
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={value}
        color={color}
        aria-label={label}
        // Outlined, so a 0 % bar shows as an empty track.
        sx={{ height: 10, borderRadius: 1, border: 1, borderColor: "divider" }}
      />
    </Box>
  );
}
