import type { DashboardDay } from "@inbox/shared";
import { Box, Typography, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { countTicks } from "./dashboard-data";

const HEIGHT = 160;
const AXIS_WIDTH = 36;

/**
 * Tickets created per day, with the part of them already closed: bars on a
 * value axis with round ticks and grid lines, the days' numbers under them.
 * Every day keeps its slot (an empty track), so a day with none shows as
 * empty rather than missing. HTML boxes, so the labels never stretch.
 */
export function TicketsByDayChart({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const ticks = countTicks(Math.max(0, ...days.map((day) => day.created)));
  const top = ticks[ticks.length - 1] ?? 1;
  const labelEvery = Math.ceil(days.length / 12);
  const percent = (value: number) => `${(value / top) * 100}%`;
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
      <Typography variant="caption" color="text.secondary" component="p">
        {t("dashboard.charts.yAxis")}
      </Typography>
      <Box
        role="img"
        aria-label={`${t("dashboard.charts.byDay")}${summary ? `: ${summary}` : ""}`}
        sx={{ overflowX: "auto", pt: 1 }}
      >
        <Box sx={{ display: "flex", minWidth: Math.min(days.length * 14 + AXIS_WIDTH, 480) }}>
          {/* The value axis: a tick label at each grid line. */}
          <Box
            aria-hidden
            data-axis="y"
            sx={{ position: "relative", width: AXIS_WIDTH, height: HEIGHT, flexShrink: 0 }}
          >
            {ticks.map((tick) => (
              <Typography
                key={tick}
                variant="caption"
                color="text.secondary"
                data-tick={tick}
                style={{ bottom: percent(tick) }}
                sx={{ position: "absolute", right: 6, transform: "translateY(50%)", lineHeight: 1 }}
              >
                {tick}
              </Typography>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Box
              sx={{
                position: "relative",
                height: HEIGHT,
                borderLeft: 1,
                borderBottom: 1,
                borderColor: "text.secondary",
              }}
            >
              {ticks.slice(1).map((tick) => (
                <Box
                  key={tick}
                  aria-hidden
                  sx={{
                    position: "absolute",
                    left: 0,
                    right: 0,
                    bottom: percent(tick),
                    borderTop: "1px dashed",
                    borderColor: "divider",
                  }}
                />
              ))}
              <Box
                sx={{
                  position: "absolute",
                  inset: 0,
                  display: "flex",
                  alignItems: "stretch",
                  gap: "2px",
                  px: "2px",
                }}
              >
                {days.map((day) => (
                  <Box
                    key={day.date}
                    title={`${day.date}: ${day.created} / ${day.finished}`}
                    data-day={day.date}
                    sx={{
                      position: "relative",
                      flex: "1 1 0",
                      minWidth: 4,
                      maxWidth: 28,
                      mx: "auto",
                      bgcolor: "action.hover",
                    }}
                  >
                    <Box
                      data-bar="created"
                      style={{ height: percent(day.created) }}
                      sx={{ position: "absolute", bottom: 0, left: 0, right: 0, bgcolor: "primary.light" }}
                    />
                    <Box
                      data-bar="finished"
                      style={{ height: percent(day.finished) }}
                      sx={{ position: "absolute", bottom: 0, left: 0, right: 0, bgcolor: "success.main" }}
                    />
                  </Box>
                ))}
              </Box>
            </Box>
            {/* The day axis: the day of the month under its bar, every few days on long ranges. */}
            <Box aria-hidden data-axis="x" sx={{ display: "flex", gap: "2px", px: "2px" }}>
              {days.map((day, i) => (
                <Box
                  key={day.date}
                  sx={{
                    flex: "1 1 0",
                    minWidth: 4,
                    maxWidth: 28,
                    mx: "auto",
                    textAlign: "center",
                    position: "relative",
                  }}
                >
                  <Box
                    sx={{ height: 4, borderLeft: 1, borderColor: "text.secondary", width: 0, mx: "auto" }}
                  />
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{
                      fontSize: 10,
                      whiteSpace: "nowrap",
                      visibility: i % labelEvery === 0 ? "visible" : "hidden",
                    }}
                  >
                    {day.date.slice(8, 10)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: "center" }}>
        {t("dashboard.charts.xAxis")}
      </Typography>
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
