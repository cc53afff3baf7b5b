import type { DashboardCounters } from "@inbox/shared";
import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RatingFace } from "../../components/RatingFace";
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

/** "+40", "0", "-25": an NPS reads with its sign. */
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * The counters of spec 1 section 3, one card each, then the range's ratings:
 * their average (0 to 10, with its face and count) and the NPS.
 */
export function CountersGrid({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const cards: { key: string; label: string; value: ReactNode }[] = [
    ...COUNT_KEYS.map((key) => ({
      key,
      label: t(`dashboard.counters.${key}`),
      value: String(counters[key]),
    })),
    ...TIME_KEYS.map((key) => ({
      key,
      label: t(`dashboard.counters.${key}`),
      value: formatMinutes(counters[key]),
    })),
    {
      key: "avgRating",
      label: t("ratings.avgRating"),
      value:
        counters.avgRating === null ? (
          "-"
        ) : (
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
            <RatingFace rate={counters.avgRating} average />
            {counters.avgRating.toFixed(1)}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t("ratings.count", { count: counters.countRating })})
            </Typography>
          </Box>
        ),
    },
    { key: "nps", label: t("ratings.nps"), value: counters.nps === null ? "-" : signed(counters.nps) },
  ];
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
      }}
    >
      {cards.map(({ key, label, value }) => (
        <Paper
          key={key}
          variant="outlined"
          role="group"
          aria-labelledby={`counter-${key}`}
          data-testid={`counter-${key}`}
          sx={{ p: 2 }}
        >
          <Typography id={`counter-${key}`} variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
