import type scheduleEditorPt from "./pt";

const scheduleEditorEs: typeof scheduleEditorPt = {
  weekday: "Día de la semana",
  shiftA: "Turno A",
  shiftB: "Turno B",
  startLabel: "{{day}}, turno {{shift}}: inicio",
  endLabel: "{{day}}, turno {{shift}}: fin",
  days: {
    monday: "Lunes",
    tuesday: "Martes",
    wednesday: "Miércoles",
    thursday: "Jueves",
    friday: "Viernes",
    saturday: "Sábado",
    sunday: "Domingo",
  },
};

export default scheduleEditorEs;
