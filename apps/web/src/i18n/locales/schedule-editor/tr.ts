import type scheduleEditorPt from "./pt";

const scheduleEditorTr: typeof scheduleEditorPt = {
  weekday: "Haftanın günü",
  shiftA: "Vardiya A",
  shiftB: "Vardiya B",
  startLabel: "{{day}}, vardiya {{shift}}: başlangıç",
  endLabel: "{{day}}, vardiya {{shift}}: bitiş",
  days: {
    monday: "Pazartesi",
    tuesday: "Salı",
    wednesday: "Çarşamba",
    thursday: "Perşembe",
    friday: "Cuma",
    saturday: "Cumartesi",
    sunday: "Pazar",
  },
};

export default scheduleEditorTr;
