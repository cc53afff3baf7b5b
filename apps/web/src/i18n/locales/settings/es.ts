import type settingsPt from "./pt";

const settingsEs: typeof settingsPt = {
  title: "Configuraciones",
  saved: "Operación actualizada con éxito.",
  loadError: "No fue posible cargar la lista de registros",
  soon: "próximamente",
  trialDaysValue_one: "{{count}} día",
  trialDaysValue_other: "{{count}} días",
  tabs: {
    options: "Opciones",
    schedules: "Horarios",
    companies: "Empresas",
    plans: "Planes",
    helps: "Ayuda",
    whitelabel: "Whitelabel",
  },
  groups: {
    attendance: "Atención",
    botQueues: "Chatbot, colas y horario",
    transfer: "Transferencia",
    calls: "Llamadas",
    lgpd: "LGPD (protección de datos)",
    notifications: "Notificaciones",
    platform: "Plataforma",
  },
  values: {
    enabled: "Habilitado",
    disabled: "Deshabilitado",
    queue: "Cola",
    company: "Empresa",
    connection: "Conexión",
    text: "Texto",
  },
  keys: {
    userCreation: "Creación de usuarios",
    downloadLimit: "Límite de descarga de archivos",
    userRating: "Evaluaciones",
    scheduleType: "Gestión de horario",
    chatBotType: "Tipo de chatbot",
    acceptCallWhatsapp: "Aceptar llamadas de WhatsApp",
    userRandom: "Elegir un agente al azar",
    sendGreetingMessageOneQueues: "Enviar saludo cuando haya solo 1 cola",
    sendSignMessage: "Firmar los mensajes con el nombre del agente",
    sendFarewellWaitingTicket: "Enviar despedida en tickets en espera",
    sendGreetingAccepted: "Enviar saludo al aceptar el ticket",
    sendQueuePosition: "Enviar la posición en la cola",
    acceptAudioMessageContact: "Aceptar audios de todos los contactos",
    enableLGPD: "Habilitar tratamiento LGPD",
    requiredTag: "Etiqueta obligatoria para resolver",
    lgpdDeleteMessage: "Ocultar mensajes borrados por el contacto",
    lgpdHideNumber: "Ocultar el número del contacto a los usuarios",
    lgpdConsent: "Pedir siempre el consentimiento",
    lgpdMessage: "Mensaje de consentimiento (LGPD)",
    lgpdLink: "Enlace a la política de privacidad",
    sendMsgTransfTicket: "Enviar mensaje de transferencia",
    closeTicketOnTransfer: "Cerrar el ticket al transferir a otra cola",
    transferMessage: "Mensaje de transferencia",
    greetingAcceptedMessage: "Mensaje de saludo al aceptar",
    AcceptCallWhatsappMessage: "Mensaje de llamada rechazada",
    sendQueuePositionMessage: "Mensaje de posición en la cola",
    showNotificationPending: "Notificar tickets en espera",
    phoneDefaultCountry: "País predeterminado de los números",
    DirectTicketsToWallets: "Dirigir tickets a la cartera del contacto",
    allowSignup: "Registro público de empresas",
    trialDays: "Días de prueba en el registro",
    pixKey: "Clave PIX de la plataforma",
    pixMerchantName: "Nombre del receptor PIX",
    pixMerchantCity: "Ciudad del receptor PIX",
  },
  help: {
    userCreation: "Permite crear nuevos usuarios en la plataforma.",
    downloadLimit:
      "El mayor archivo recibido que el servidor descarga para la empresa. Se aplica en menos de un minuto.",
    userRating:
      "Al resolver con despedida, el contacto recibe el mensaje de evaluación de la conexión y responde de 0 a 10; la nota queda en el ticket, que luego se cierra. Las conexiones pasan a exigir mensaje y plazo de evaluación.",
    scheduleType:
      "Qué horarios valen: ninguno, los de cada cola, los de la empresa (pestaña Horarios) o los de cada conexión. Fuera de horario el contacto recibe el mensaje de fuera de horario (como mucho una vez cada 2 horas) y el ticket queda en espera.",
    chatBotType: "El chatbot envía los menús de las colas y las opciones como texto numerado.",
    acceptCallWhatsapp:
      "Deshabilitado: una llamada a una conexión por código QR se rechaza y quien llama recibe el mensaje de llamada rechazada.",
    userRandom:
      "Un ticket en espera de una cola va a un usuario en línea al azar de la cola, en lugar de la rotación.",
    sendGreetingMessageOneQueues:
      "Con una sola cola en la conexión el ticket nuevo entra en ella directamente; habilitado envía el saludo de la cola.",
    sendSignMessage: "Los mensajes enviados llevan el nombre del agente en negrita (*Nombre:*).",
    sendFarewellWaitingTicket: "Al resolver un ticket que seguía en espera, también envía la despedida.",
    sendGreetingAccepted: "Al aceptar un ticket, envía al contacto el mensaje de saludo de abajo.",
    sendQueuePosition: "Al entrar en una cola, el contacto recibe su posición (mensaje de abajo).",
    acceptAudioMessageContact:
      "Guardado; aún no cambia la atención: los audios de los contactos se siguen recibiendo. Cada contacto también guarda su propia opción.",
    enableLGPD:
      "Activa el tratamiento LGPD: consentimiento del contacto, números ocultos y mensajes borrados, según las opciones de abajo.",
    requiredTag: "Un ticket solo se resuelve cuando el contacto tiene una etiqueta.",
    lgpdDeleteMessage:
      "Un mensaje borrado por el contacto pierde su texto en lugar de solo marcarse como borrado.",
    lgpdHideNumber:
      "Los usuarios (perfil usuario) ven los números enmascarados; los administradores los ven completos.",
    lgpdConsent:
      "Un contacto sin consentimiento recibe el mensaje y el enlace de abajo y debe aceptar antes de seguir.",
    lgpdMessage: "Texto enviado para pedir el consentimiento del contacto.",
    lgpdLink: "Se envía junto con el mensaje de consentimiento.",
    sendMsgTransfTicket:
      "Al transferir, el contacto recibe el mensaje de transferencia de abajo; el texto escrito en la transferencia tiene prioridad.",
    closeTicketOnTransfer:
      "Al transferir a otra cola, el ticket se cierra y la conversación sigue en un nuevo ticket de esa cola.",
    transferMessage: "Use {{queue}} para el nombre de la cola y {{name}} para el nombre del contacto.",
    greetingAcceptedMessage:
      "Use {{name}} para el nombre del contacto y {{userName}} para el nombre del agente.",
    AcceptCallWhatsappMessage: "Se envía a quien llama cuando la llamada se rechaza.",
    sendQueuePositionMessage: "Se envía al contacto que entra en la cola, con su posición.",
    showNotificationPending:
      "Los usuarios reciben aviso de los nuevos tickets en espera, no solo de los suyos.",
    phoneDefaultCountry:
      "Los números escritos sin código de país (+55…) son de este país y se guardan en formato internacional; los de este país se muestran en formato nacional.",
    DirectTicketsToWallets: "Los nuevos tickets de un contacto van directo al usuario dueño de su cartera.",
    allowSignup:
      "Habilitado: la pantalla de inicio de sesión muestra el enlace de registro y cualquiera puede crear una empresa en un plan público. Deshabilitado (o nunca guardado): el registro se rechaza.",
    trialDays:
      "Una empresa creada por el registro público vence por primera vez tras estos días (7 por defecto).",
    pixKey:
      "Recibe los pagos de las facturas con el código PIX generado aquí (CPF o CNPJ solo dígitos, e-mail, teléfono +55 o clave aleatoria). Usted confirma cada pago en la factura.",
    pixMerchantName: "Nombre que aparece en el código PIX (hasta 25 caracteres).",
    pixMerchantCity: "Ciudad que aparece en el código PIX (hasta 15 caracteres).",
  },
  required: {
    transferMessage: "El mensaje de transferencia es obligatorio con el envío de transferencia habilitado.",
    greetingAcceptedMessage: "El mensaje de saludo es obligatorio con el saludo al aceptar habilitado.",
    sendQueuePositionMessage:
      "El mensaje de posición en la cola es obligatorio con el envío de la posición habilitado.",
    AcceptCallWhatsappMessage:
      "El mensaje de llamada rechazada es obligatorio cuando no se aceptan llamadas.",
  },
  schedules: {
    saved: "Horarios actualizados con éxito.",
    neverSaved:
      "Horarios aún no guardados: hasta guardarlos, la empresa se considera siempre abierta. Haga clic en guardar para registrar los cambios.",
    errors: {
      invalidTime: "Use el formato HH:MM",
      shiftIncomplete: "Indique el inicio y el fin del turno",
      shiftOrder: "El turno termina después de empezar",
      duplicateDay: "Día repetido",
    },
  },
};

export default settingsEs;
