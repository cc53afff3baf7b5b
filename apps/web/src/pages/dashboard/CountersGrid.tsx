import type { DashboardCounters } from "@inbox/shared";
import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatMinutes } from "./dashboard-data";

const COUNT_KEYS = [
  "supportHappening",
  "supportPending",
  "supportFinished",
  "leads",
  "activeTickets",
  "passiveTickets",
] as const;
const TIME_KEYS = ["avgResponseTime", "avgWaitTime", "avgSupportTime"] as const;

type CounterKey = (typeof COUNT_KEYS)[number] | (typeof TIME_KEYS)[number];

/** The counters of spec 1 section 3, one card each. */
export function CountersGrid({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const cards: { key: CounterKey; value: string }[] = [
    ...COUNT_KEYS.map((key) => ({ key, value: String(counters[key]) })),
    ...TIME_KEYS.map((key) => ({ key, value: formatMinutes(counters[key]) })),
  ];
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
      }}
    >
      {cards.map(({ key, value }) => (
        <Paper
          key={key}
          variant="outlined"
          role="group"
          aria-labelledby={`counter-${key}`}
          data-testid={`counter-${key}`}
          sx={{ p: 2 }}
        >
          <Typography id={`counter-${key}`} variant="body2" color="text.secondary">
            {t(`dashboard.counters.${key}`)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
