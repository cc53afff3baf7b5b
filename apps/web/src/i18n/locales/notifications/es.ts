import type { LocaleShape } from "../pt";
import type notificationsPt from "./pt";

const notificationsEs: LocaleShape<typeof notificationsPt> = {
  bellWithCount_one: "Notificaciones: {{count}} atención con mensajes no leídos",
  bellWithCount_other: "Notificaciones: {{count}} atenciones con mensajes no leídos",
  listLabel: "Atenciones con mensajes no leídos",
  unread_one: "{{count}} mensaje no leído",
  unread_other: "{{count}} mensajes no leídos",
  permissionHint: "Reciba un aviso en el escritorio cuando llegue un mensaje nuevo.",
  enable: "Activar notificaciones",
  denied: "Las notificaciones están bloqueadas en este navegador. Permítalas en la configuración del sitio.",
  unsupported: "Este navegador no muestra notificaciones; el aviso sonoro sigue activo.",
  newMessage: "Nuevo mensaje",
  unknownContact: "Contacto",
  preview: {
    image: "📷 Foto",
    video: "🎥 Video",
    audio: "🎤 Audio",
    document: "📄 Documento",
    sticker: "💟 Sticker",
    location: "📍 Ubicación",
    contact: "👤 Contacto",
    unsupported: "⚠️ Mensaje no compatible",
  },
  bellWithHandovers_one: "Notificaciones: {{count}} atención transferida a usted",
  bellWithHandovers_other: "Notificaciones: {{count}} atenciones transferidas a usted",
  handovers_one: "{{count}} atención transferida a usted",
  handovers_other: "{{count}} atenciones transferidas a usted",
  handoverList: "Atenciones transferidas a usted",
  handoverTitle: "Atención transferida a usted",
  handoverInQueue: "Transferida a usted · cola {{queue}}",
};

export default notificationsEs;
