import type ratingsPt from "./pt";

const ratingsTr: typeof ratingsPt = {
  faces: {
    "1": "Hiç memnun değil",
    "2": "Memnun değil",
    "3": "Nötr",
    "4": "Memnun",
    "5": "Çok memnun",
  },
  ticket: "Değerlendirme {{rate}}/10: {{face}}",
  average: "Ortalama {{rate}}/10: {{face}}",
  count_one: "{{count}} değerlendirme",
  count_other: "{{count}} değerlendirme",
  avgRating: "Ortalama değerlendirme",
  nps: "NPS",
};

export default ratingsTr;
