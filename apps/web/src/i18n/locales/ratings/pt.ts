/**
 * Ratings (issue 9 rule 6): the face of a contact's 0-10 score in the ticket
 * list, and the dashboard's rating figures. pt.ts mounts it under `ratings`.
 * The faces follow packages/shared ratings.ts (1 worst, 5 best).
 */
const ratingsPt = {
  faces: {
    "1": "Muito insatisfeito",
    "2": "Insatisfeito",
    "3": "Neutro",
    "4": "Satisfeito",
    "5": "Muito satisfeito",
  },
  ticket: "Avaliação {{rate}}/10: {{face}}",
  average: "Média {{rate}}/10: {{face}}",
  count_one: "{{count}} avaliação",
  count_other: "{{count}} avaliações",
  avgRating: "Avaliação média",
  nps: "NPS",
};

export default ratingsPt;
