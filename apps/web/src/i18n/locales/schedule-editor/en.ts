import type scheduleEditorPt from "./pt";

const scheduleEditorEn: typeof scheduleEditorPt = {
  weekday: "Weekday",
  shiftA: "Shift A",
  shiftB: "Shift B",
  startLabel: "{{day}}, shift {{shift}}: start",
  endLabel: "{{day}}, shift {{shift}}: end",
  days: {
    monday: "Monday",
    tuesday: "Tuesday",
    wednesday: "Wednesday",
    thursday: "Thursday",
    friday: "Friday",
    saturday: "Saturday",
    sunday: "Sunday",
  },
};

export default scheduleEditorEn;
