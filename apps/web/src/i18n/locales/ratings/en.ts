import type ratingsPt from "./pt";

const ratingsEn: typeof ratingsPt = {
  faces: {
    "1": "Very dissatisfied",
    "2": "Dissatisfied",
    "3": "Neutral",
    "4": "Satisfied",
    "5": "Very satisfied",
  },
  ticket: "Rating {{rate}}/10: {{face}}",
  average: "Average {{rate}}/10: {{face}}",
  count_one: "{{count}} rating",
  count_other: "{{count}} ratings",
  avgRating: "Average rating",
  nps: "NPS",
};

export default ratingsEn;
