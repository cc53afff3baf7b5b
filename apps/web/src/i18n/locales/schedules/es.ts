import type schedulesPt from "./pt";

const schedulesEs: typeof schedulesPt = {
  action: "Programar mensaje",
  dialog: {
    title: "Programar mensaje",
    contact: "Contacto",
    body: "Mensaje",
    sendAt: "Fecha y hora de envío",
    attach: "Adjuntar imagen",
    attachment: "Adjunto",
    removeAttachment: "Quitar adjunto",
    invalidFile: "Solo archivos png, jpg o jpeg",
    cancel: "Cancelar",
    save: "Programar",
    success: "¡Programación guardada con éxito!",
  },
};

export default schedulesEs;
