import type messagesApiPt from "./pt";

const messagesApiEs: typeof messagesApiPt = {
  title: "API de Mensajes",
  intro:
    "Envíe mensajes desde un sistema externo por la API: cada llamada usa el token de una conexión y sale por ella.",
  methods: {
    title: "Métodos de envío",
    text: "Mensajes de texto: cuerpo JSON.",
    media: "Mensajes multimedia: multipart/form-data con el archivo en el campo medias.",
  },
  notes: {
    title: "Observaciones importantes",
    token:
      "El token está en la ficha de la conexión (Conexiones, editar la conexión); un administrador puede copiarlo o generar otro.",
    number:
      "El número es solo dígitos, con código de país y de área, sin espacios ni símbolos (ej.: 5511999999999).",
  },
  docs: {
    title: "Documentación del endpoint",
    endpoint: "Endpoint",
    method: "Método",
    headers: "Encabezados",
    authorization: "Authorization: Bearer {token} (el token de la conexión)",
    contentTypeText: "Content-Type: application/json (texto)",
    contentTypeMedia: "Content-Type: multipart/form-data (multimedia)",
    idempotency: "Idempotency-Key (opcional): repetir la clave no envía el mensaje de nuevo",
    fields: "Campos",
    fieldName: "Campo",
    fieldRule: "Descripción",
    fieldNumber: "Obligatorio. Número del contacto.",
    fieldBody: "Obligatorio en texto. En multimedia es el pie (por defecto: el nombre del archivo).",
    fieldUserId: "Opcional. Agente al que se asigna la atención.",
    fieldQueueId: "Opcional. Cola de la atención.",
    fieldSendSignature: "Opcional (true/false). Firma el mensaje con el nombre del agente.",
    fieldCloseTicket: "Opcional (true/false). Cierra la atención después del envío.",
    fieldMedias: "Solo multimedia: el archivo (uno o más).",
    sampleBody: "¡Hola!",
    sampleCaption: "Pie",
    samplePath: "/ruta/archivo.pdf",
    exampleText: "Ejemplo: texto",
    exampleMedia: "Ejemplo: multimedia",
    answer: "Respuesta (200)",
    errors:
      "Errores: 401 token no válido, 403 plan sin la API externa, 400 datos no válidos, 429 demasiadas llamadas.",
  },
  test: {
    textTitle: "Probar envío de texto",
    mediaTitle: "Probar envío multimedia",
    token: "Token de la conexión",
    number: "Número",
    body: "Mensaje",
    caption: "Pie (opcional)",
    chooseFile: "Elegir archivo",
    noFile: "Ningún archivo elegido.",
    send: "Enviar",
    sending: "Enviando...",
    sent: "Mensaje enviado con éxito",
    required: "Obligatorio",
    fileRequired: "Elija un archivo",
  },
};
export default messagesApiEs;
