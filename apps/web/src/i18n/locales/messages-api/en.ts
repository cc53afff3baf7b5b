import type messagesApiPt from "./pt";

const messagesApiEn: typeof messagesApiPt = {
  title: "Messages API",
  intro:
    "Send messages from an external system through the API: each call uses a connection's token and goes out through it.",
  methods: {
    title: "Sending methods",
    text: "Text messages: a JSON body.",
    media: "Media messages: multipart/form-data with the file in the medias field.",
  },
  notes: {
    title: "Important notes",
    token:
      "The token is in the connection's settings (Connections, edit the connection); an administrator can copy it or generate a new one.",
    number:
      "The number is digits only, with country and area code, no spaces or symbols (e.g. 5511999999999).",
  },
  docs: {
    title: "Endpoint documentation",
    endpoint: "Endpoint",
    method: "Method",
    headers: "Headers",
    authorization: "Authorization: Bearer {token} (the connection's token)",
    contentTypeText: "Content-Type: application/json (text)",
    contentTypeMedia: "Content-Type: multipart/form-data (media)",
    idempotency: "Idempotency-Key (optional): repeating the key does not send the message again",
    fields: "Fields",
    fieldName: "Field",
    fieldRule: "Description",
    fieldNumber: "Required. The contact's number.",
    fieldBody: "Required for text. For media it is the caption (default: the file name).",
    fieldUserId: "Optional. The agent the ticket is assigned to.",
    fieldQueueId: "Optional. The ticket's queue.",
    fieldSendSignature: "Optional (true/false). Signs the message with the agent's name.",
    fieldCloseTicket: "Optional (true/false). Closes the ticket after sending.",
    fieldMedias: "Media only: the file (one or more).",
    sampleBody: "Hello!",
    sampleCaption: "Caption",
    samplePath: "/path/file.pdf",
    exampleText: "Example: text",
    exampleMedia: "Example: media",
    answer: "Answer (200)",
    errors:
      "Errors: 401 invalid token, 403 plan without the external API, 400 invalid data, 429 too many calls.",
  },
  test: {
    textTitle: "Test a text message",
    mediaTitle: "Test a media message",
    token: "Connection token",
    number: "Number",
    body: "Message",
    caption: "Caption (optional)",
    chooseFile: "Choose file",
    noFile: "No file chosen.",
    send: "Send",
    sending: "Sending...",
    sent: "Message sent successfully",
    required: "Required",
    fileRequired: "Choose a file",
  },
};
export default messagesApiEn;
