import type { DashboardDay } from "@inbox/shared";
import { Box, Typography, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";

const HEIGHT = 160;
const LABEL_SPACE = 18;

/**
 * Tickets created per day, with the part of them already closed: plain SVG
 * bars (no chart library), scaled to the busiest day.
 */
export function TicketsByDayChart({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const peak = Math.max(1, ...days.map((day) => day.created));
  const slot = 24;
  const bar = 14;
  const width = Math.max(days.length * slot, slot);
  const labelEvery = Math.ceil(days.length / 12);
  const summary = days
    .filter((day) => day.created > 0)
    .map((day) => `${day.date}: ${day.created}/${day.finished}`)
    .join(", ");
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, mb: 1, flexWrap: "wrap" }}>
        <Legend color={theme.palette.primary.light} text={t("dashboard.charts.created")} />
        <Legend color={theme.palette.success.main} text={t("dashboard.charts.finished")} />
      </Box>
      <Box sx={{ overflowX: "auto" }}>
        <svg
          role="img"
          aria-label={`${t("dashboard.charts.byDay")}${summary ? `: ${summary}` : ""}`}
          viewBox={`0 0 ${width} ${HEIGHT + LABEL_SPACE}`}
          width="100%"
          height={HEIGHT + LABEL_SPACE}
          preserveAspectRatio="none"
          style={{ minWidth: Math.min(width, 320) }}
        >
          {days.map((day, i) => {
            const x = i * slot + (slot - bar) / 2;
            const created = (day.created / peak) * HEIGHT;
            const finished = (day.finished / peak) * HEIGHT;
            return (
              <g key={day.date}>
                <title>{`${day.date}: ${day.created} / ${day.finished}`}</title>
                <rect
                  x={x}
                  y={HEIGHT - created}
                  width={bar}
                  height={created}
                  fill={theme.palette.primary.light}
                />
                <rect
                  x={x}
                  y={HEIGHT - finished}
                  width={bar}
                  height={finished}
                  fill={theme.palette.success.main}
                />
                {i % labelEvery === 0 && (
                  <text
                    x={i * slot + slot / 2}
                    y={HEIGHT + 13}
                    fontSize="10"
                    textAnchor="middle"
                    fill={theme.palette.text.secondary}
                  >
                    {day.date.slice(8, 10)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </Box>
    </Box>
  );
}

function Legend({ color, text }: { color: string; text: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
      <Box sx={{ width: 12, height: 12, bgcolor: color, borderRadius: 0.5 }} aria-hidden />
      <Typography variant="caption">{text}</Typography>
    </Box>
  );
}
