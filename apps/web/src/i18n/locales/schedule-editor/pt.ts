/**
 * The business-hours editor (spec 2 sections 3 to 5) that the settings panel,
 * the queue dialog and the connection dialog share; pt.ts mounts it under
 * `scheduleEditor`. The screens keep their own titles and messages.
 */
const scheduleEditorPt = {
  weekday: "Dia da semana",
  shiftA: "Turno A",
  shiftB: "Turno B",
  startLabel: "{{day}}, turno {{shift}}: início",
  endLabel: "{{day}}, turno {{shift}}: fim",
  days: {
    monday: "Segunda-feira",
    tuesday: "Terça-feira",
    wednesday: "Quarta-feira",
    thursday: "Quinta-feira",
    friday: "Sexta-feira",
    saturday: "Sábado",
    sunday: "Domingo",
  },
};

export default scheduleEditorPt;
