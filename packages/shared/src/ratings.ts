/**
 * Ratings (issue 9 rule 6): a contact answers the rating question with an NPS
 * score from 0 to 10, stored as it was given (`user_ratings.rate`) and carried
 * as `userRating.rate` on tickets. Spec 1 shows a rating as one of five faces
 * ("rating emoji 1 to 5"); the scores map onto them in even steps of two,
 * the lowest step taking three:
 *
 * | score  | face | NPS group  |
 * |--------|------|------------|
 * | 0 to 2 | 1 😡 | detractor  |
 * | 3 to 4 | 2 🙁 | detractor  |
 * | 5 to 6 | 3 😐 | detractor  |
 * | 7 to 8 | 4 🙂 | passive    |
 * | 9, 10  | 5 😍 | promoter   |
 *
 * so a face-4 contact is NPS's passive and a face-5 one its promoter. An
 * average (the dashboard's) maps the same way after rounding.
 */
export const RATING_MAX = 10;

export type RatingFace = 1 | 2 | 3 | 4 | 5;

/** The emoji of each face, 1 (worst) to 5 (best). */
export const RATING_EMOJIS: Record<RatingFace, string> = {
  1: "😡",
  2: "🙁",
  3: "😐",
  4: "🙂",
  5: "😍",
};

/** The face (1 to 5) of a 0-10 score or average. */
export function ratingFace(rate: number): RatingFace {
  const score = Math.min(RATING_MAX, Math.max(0, Math.round(rate)));
  if (score <= 2) return 1;
  return Math.min(5, Math.ceil(score / 2)) as RatingFace;
}
