import type { LocaleShape } from "../pt";
import type contactsPt from "./pt";

const contactsEs: LocaleShape<typeof contactsPt> = {
  title: "Contactos",
  search: "Buscar contactos",
  add: "Agregar contacto",
  empty: "No se encontraron contactos.",
  loadingMore: "Cargando más contactos...",
  active: "Activo",
  blocked: "Bloqueado",
  block: "Bloquear",
  unblock: "Desbloquear",
  blockContact: "Bloquear {{name}}",
  unblockContact: "Desbloquear {{name}}",
  editContact: "Editar {{name}}",
  deleteContact: "Eliminar {{name}}",
  deleteTitle: "¿Eliminar {{name}}?",
  deleteMessage: "¿Seguro que desea eliminar este contacto? Se perderán todas las atenciones relacionadas.",
  deleted: "Contacto eliminado.",
  blockedToast: "Contacto bloqueado",
  unblocked: "Contacto desbloqueado",
  columns: {
    name: "Nombre",
    number: "Número",
    email: "Correo",
    status: "Estado",
    actions: "Acciones",
  },
  modal: {
    titleAdd: "Agregar contacto",
    titleEdit: "Editar contacto",
    saved: "Contacto guardado.",
    numberHidden: "Número oculto (protección de datos).",
    extraInfo: "Información adicional",
    addExtraInfo: "Agregar información",
    extraName: "Nombre del campo",
    extraValue: "Valor",
    removeExtraInfo: "Quitar información {{index}}",
    noWallet: "Sin responsable",
    walletHelp:
      'Con "Dirigir tickets a la cartera del contacto" activo, este usuario recibe directamente los nuevos tickets del contacto.',
    fields: {
      name: "Nombre",
      number: "Número de WhatsApp",
      email: "Correo electrónico",
      disableBot: "Desactivar chatbot",
      walletUserId: "Cartera (responsable)",
    },
  },
};

export default contactsEs;
