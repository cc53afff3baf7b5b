import type connectionDialogPt from "./pt";

const connectionDialogEs: typeof connectionDialogPt = {
  titleAdd: "Agregar conexión {{channel}}",
  titleEdit: "Editar conexión",
  saved: "¡Conexión guardada con éxito!",
  noQueues: "No hay colas registradas.",
  tabs: {
    general: "General",
    integrations: "Integraciones",
    messages: "Mensajes",
    chatbot: "Chatbot",
    assessments: "Evaluaciones",
    schedules: "Horarios",
    vacation: "Vacaciones colectivas",
  },
  credentials: {
    whatsappapi: "Cuenta de WhatsApp Cloud API",
    facebook: "Página de Facebook",
    instagram: "Cuenta de Instagram",
  },
  secretConfigured: "Configurado ({{hint}}). Déjelo vacío para mantenerlo.",
  secretConfiguredNoHint: "Configurado. Déjelo vacío para mantenerlo.",
  verifyTokenGenerated: "Déjelo vacío para generar uno automáticamente.",
  webhookAfterSave: "La URL del webhook aparece aquí después de guardar la conexión.",
  fields: {
    name: "Nombre",
    isDefault: "Predeterminada",
    queues: "Colas",
    allowGroup: "Permitir grupos",
    groupAsTicket: "Tratar grupos como tickets",
    greetingMessage: "Mensaje de saludo",
    complationMessage: "Mensaje de conclusión",
    outOfHoursMessage: "Mensaje fuera de horario",
    ratingMessage: "Mensaje de evaluación",
    inactiveMessage: "Mensaje de inactividad",
    phoneNumberId: "Id del número de teléfono",
    wabaId: "Id de la cuenta de WhatsApp Business (WABA)",
    pageId: "Id de la página de Facebook",
    instagramId: "Id de la cuenta de Instagram",
    accessToken: "Token de acceso",
    pageAccessToken: "Token de acceso de la página",
    appSecret: "App Secret",
    verifyToken: "Token de verificación del webhook",
    webhookUrl: "URL del webhook",
    maxUseBotQueues: "Máximo de envíos del menú",
    timeUseBotQueues: "Reiniciar el chatbot después de (minutos)",
    timeSendQueue: "Transferir a la cola después de (minutos)",
    sendIdQueue: "Cola de transferencia",
    expiresTicket: "Cerrar tickets inactivos después de (minutos)",
    whenExpiresTicket: "Cerrar cuando el último mensaje sea",
    expiresInactiveMessage: "Mensaje de cierre por inactividad",
    timeInactiveMessage: "Enviar el mensaje de inactividad después de (minutos)",
    expiresTicketNPS: "Plazo de la evaluación NPS (minutos)",
    maxUseBotQueuesNPS: "Máximo de respuestas inválidas en la evaluación",
    timeCreateNewTicket: "Reabrir el ticket cerrado hasta (minutos)",
    importMessages: "Importar mensajes del teléfono",
    importOldMessages: "Importar desde",
    importRecentMessages: "Mensajes recientes desde",
    importOldMessagesGroups: "Importar mensajes de grupos",
    closedTicketsPostImported: "Cerrar los tickets importados",
    queueIdImportMessages: "Cola de los mensajes importados",
    collectiveVacationStart: "Inicio de las vacaciones",
    collectiveVacationEnd: "Fin de las vacaciones",
    collectiveVacationMessage: "Mensaje de vacaciones colectivas",
  },
  help: {
    isDefault: "Se usa cuando no se indica ninguna conexión (nuevos tickets, agendamientos).",
    queues:
      "Colas ofrecidas en el menú del chatbot. Con una cola, el ticket entra en ella; con varias, el contacto elige por número.",
    allowGroup: "También recibe los mensajes de grupos en esta conexión.",
    groupAsTicket: "Habilitado: cada grupo abre un ticket como un contacto.",
    greetingMessage:
      "Se envía cuando empieza un nuevo ticket; con varias colas, le sigue el menú numerado de las colas.",
    complationMessage:
      "Se envía al contacto cuando el ticket se resuelve con despedida (y después de la evaluación).",
    outOfHoursMessage:
      "Se envía a quien escribe fuera del horario de atención (como máximo una vez cada pocas horas por contacto); el ticket queda en espera.",
    ratingMessage:
      "Se envía al resolver con evaluación, cuando la evaluación de tickets está activa; el contacto responde con una nota de 0 a 10.",
    inactiveMessage:
      "Se envía a un ticket abierto inactivo desde hace 'Enviar el mensaje de inactividad después de' minutos.",
    greetingMedia:
      "Archivo enviado con el mensaje de saludo: imagen, video, audio o documento (hasta 16 MB).",
    maxUseBotQueues:
      "Cuántas veces se reenvía el menú tras respuestas inválidas; después el chatbot se detiene (0 = sin límite).",
    timeUseBotQueues:
      "Minutos tras los cuales el chatbot puede volver a responder a un contacto que agotó los intentos.",
    timeSendQueue: "Minutos sin elegir cola hasta mover el ticket a la cola de transferencia (0 = nunca).",
    sendIdQueue: "Cola que recibe el ticket cuando el contacto no elige una a tiempo.",
    expiresTicket:
      "Minutos de inactividad (después del mensaje de inactividad) hasta cerrar el ticket abierto (0 = nunca); sustituye el cierre automático general en esta conexión.",
    whenExpiresTicket:
      "'Del agente': solo cuenta tickets cuyo último mensaje fue nuestro (esperando al contacto).",
    expiresInactiveMessage: "Se envía al contacto cuando el ticket se cierra por inactividad.",
    timeInactiveMessage: "Minutos de inactividad hasta enviar el mensaje de inactividad (0 = no enviar).",
    timeCreateNewTicket:
      "Si el contacto vuelve a escribir dentro de estos minutos tras el cierre, se reabre el ticket cerrado en lugar de abrir uno nuevo (0 = siempre uno nuevo).",
    expiresTicketNPS:
      "Minutos de espera por la nota del contacto; después la evaluación termina y el ticket se cierra.",
    maxUseBotQueuesNPS: "Respuestas que no son una nota de 0 a 10 aceptadas antes de terminar la evaluación.",
    importMessages:
      "En la próxima lectura del código QR, los mensajes del teléfono entre las fechas entran como atenciones en la cola elegida.",
    importOldMessages: "Entre hace 2 años y hoy.",
    importRecentMessages: "En la fecha de inicio de la importación o después.",
    queueIdImportMessages: "Cola donde entran los tickets de los mensajes importados.",
    schedules:
      "Fuera de estos horarios el contacto recibe el mensaje fuera de horario y el ticket queda en espera. Turno vacío: sin atención.",
    vacation:
      "Entre el inicio y el fin (inclusive), quien escribe recibe el mensaje de vacaciones en lugar de la atención normal.",
  },
  media: {
    attach: "Adjuntar archivo",
    remove: "Quitar archivo",
    current: "Archivo actual",
    pending: "Se enviará al guardar",
    willRemove: "Se quitará al guardar",
    undo: "Deshacer",
    tooLarge: "El archivo supera los 16 MB.",
    uploadFailed: "La conexión se guardó, pero el archivo del saludo no: {{error}}",
  },
  integrations: {
    comingSoon:
      "Disponible con las integraciones: aquí se podrá elegir la integración y el prompt de esta conexión.",
  },
  warnings: {
    noQueues: "Sin colas, los tickets de esta conexión llegan solo a los usuarios que ven tickets sin cola.",
    savedNoQueues:
      "Conexión guardada sin colas: sus tickets llegan solo a los usuarios que ven tickets sin cola.",
  },
  options: {
    enabled: "Habilitado",
    disabled: "Deshabilitado",
    lastMessageAny: "Del agente o del cliente",
    lastMessageAgent: "Del agente",
  },
  apiToken: {
    label: "Token de la API de mensajes",
    help: "Las llamadas a POST /api/messages/send con este token envían por esta conexión.",
    regenerate: "Generar un nuevo token",
    confirmTitle: "¿Generar un nuevo token?",
    confirmMessage:
      "El token actual deja de funcionar al instante: los sistemas que lo usan necesitan el nuevo.",
    confirm: "Generar",
    regenerated: "Nuevo token guardado.",
  },
  errors: {
    nameLength: "Introduzca un nombre de 2 a 50 caracteres.",
    required: "Campo obligatorio.",
    tooLong: "Como máximo {{max}} caracteres.",
    invalidId: "Use hasta 64 letras, números, _ o -.",
    invalidToken: "El token tiene caracteres no válidos (espacios o acentos).",
    unknownQueue: "Elija colas de esta empresa.",
    errorSendQueue: "Seleccione la cola a la que se transferirá el ticket.",
    errorRatingMessage: "Ingrese el mensaje de evaluación: la evaluación de tickets está activa.",
    errorExpiresNPS: "El plazo de la evaluación NPS no puede ser 0 con la evaluación de tickets activa.",
    invalidNumber: "Ingrese un número entero de 0 a 1000000.",
    nameTaken: "Ya existe una conexión con este nombre.",
    vacationStartRequired: "Ingrese el inicio de las vacaciones.",
    vacationEndRequired: "Ingrese el fin de las vacaciones.",
    vacationOrder: "El fin de las vacaciones debe ser en el inicio o después.",
    importWindow: "La importación empieza entre hace 2 años y hoy.",
    importRecentOrder: "Debe ser en la fecha de inicio de la importación o después.",
    importQueueRequired: "Seleccione la cola de los mensajes importados.",
    shiftIncomplete: "Ingrese el inicio y el fin del turno, o deje ambos vacíos.",
    shiftOrder: "El fin del turno debe ser después del inicio.",
    invalidTime: "Use el formato HH:MM.",
    invalidDate: "Fecha inválida.",
  },
};

export default connectionDialogEs;
