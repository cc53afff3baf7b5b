import type ratingsPt from "./pt";

const ratingsEs: typeof ratingsPt = {
  faces: {
    "1": "Muy insatisfecho",
    "2": "Insatisfecho",
    "3": "Neutral",
    "4": "Satisfecho",
    "5": "Muy satisfecho",
  },
  ticket: "Calificación {{rate}}/10: {{face}}",
  average: "Promedio {{rate}}/10: {{face}}",
  count_one: "{{count}} calificación",
  count_other: "{{count}} calificaciones",
  avgRating: "Calificación promedio",
  nps: "NPS",
};

export default ratingsEs;
