import { RATING_EMOJIS, ratingFace } from "@inbox/shared";
import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * A 0-10 rating as one of spec 1's five faces (packages/shared ratings.ts has
 * the mapping), named for assistive technology and in a tooltip with the score.
 * `average`: the figure is an average (the dashboard's), shown with one decimal.
 */
export function RatingFace({ rate, average = false }: { rate: number; average?: boolean }) {
  const { t } = useTranslation();
  const face = ratingFace(rate);
  const shown = average ? rate.toFixed(1) : String(rate);
  const label = t(average ? "ratings.average" : "ratings.ticket", {
    rate: shown,
    face: t(`ratings.faces.${face}`),
  });
  return (
    <Box component="span" role="img" aria-label={label} title={label} data-face={face} sx={{ lineHeight: 1 }}>
      {RATING_EMOJIS[face]}
    </Box>
  );
}
