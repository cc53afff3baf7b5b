import {
  editMessageSchema,
  type ForwardResult,
  forwardMessageSchema,
  forwardResultDto,
  LIMITS,
  MESSAGE_BODY_MAX,
  messageDto,
  messageIdParam,
  messageListDto,
  messagePageQuery,
  reactionSchema,
  sendMessageSchema,
  ticketIdParam,
  transcribeParam,
  transcriptionDto,
} from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import { maskMessage, maskMessageList, maskMessages } from "../../privacy/number-masks.js";
import type { Upload } from "./message-files.js";
import type { MultipartSend } from "./send-service.js";
import type { MessagesService } from "./service.js";

/** GET /messages/{ticketId} takes the ticket's id or its uuid, as the conversation's address does. */
const ticketRefParam = z.object({ ticketId: z.union([z.uuid(), ticketIdParam.shape.ticketId]) });

const maskForwardResult = (result: ForwardResult): ForwardResult => ({
  messages: maskMessages(result.messages),
});

/** Messages (spec 1 section 7). Thin: parse, call the service, answer. */
export function messagesRoutes(service: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/messages/:ticketId",
      {
        config: { owner: "ticket", numbers: maskMessageList },
        schema: {
          description:
            "Page pageNumber (1 = newest, 40 per page) of the ticket's messages, oldest first within the page. " +
            "Reading page 1 sets the ticket's unread counter to 0 and sends read receipts to the channel. " +
            "LGPD: when the company enables LGPD and hides numbers, an ordinary user (profile user) gets the " +
            "contact's number, group participants and contact-card numbers masked ('5511912**-**78').",
          params: ticketRefParam,
          querystring: messagePageQuery,
          response: { 200: messageListDto },
        },
      },
      (req) => service.list(req.ctx, req.params.ticketId, req.query.pageNumber),
    );

    app.post(
      "/messages/:ticketId",
      {
        config: { owner: "ticket", numbers: maskMessage },
        schema: {
          description:
            "Sends a message on the ticket: JSON {body, quotedMsg, isPrivate, vCard, mediaUrl, signMessage} or " +
            "multipart {body (one, or one per file), isPrivate, signMessage, medias[]}. Stored first, then sent " +
            "once; private notes are never sent. signMessage (the input's sign toggle) puts the user's name in " +
            "WhatsApp bold on the first line of the text or caption ('*Ana:*\\n…') when the company's " +
            "sendSignMessage is enabled; never on private notes, audio or contact cards, never twice. The stored " +
            "body is what the contact got. Answers the stored message (multipart: the first; all arrive as " +
            "appMessage events).",
          params: ticketIdParam,
          body: sendMessageSchema.nullish(),
          response: { 200: messageDto },
        },
      },
      async (req) => {
        if (req.isMultipart()) {
          const [first] = await service.sendMedia(req.ctx, req.params.ticketId, await readMultipart(req));
          return first;
        }
        if (!req.body) throw new AppError("ERR_VALIDATION", { field: "body", message: "Required" });
        return service.send(req.ctx, req.params.ticketId, req.body);
      },
    );

    app.post(
      "/messages/edit/:id",
      {
        config: { owner: "message", numbers: maskMessage },
        schema: {
          description:
            "Edits an own text message younger than 15 minutes (on the channel where it carries edits).",
          params: messageIdParam,
          body: editMessageSchema,
          response: { 200: messageDto },
        },
      },
      (req) => service.edit(req.ctx, req.params.id, req.body.body),
    );

    app.delete(
      "/messages/:id",
      {
        config: { owner: "message", numbers: maskMessage },
        schema: {
          description:
            "Deletes an own message (on the channel where it carries deletes); it stays marked isDeleted.",
          params: messageIdParam,
          response: { 200: messageDto },
        },
      },
      (req) => service.remove(req.ctx, req.params.id),
    );

    app.post(
      "/messages/:id/reactions",
      {
        config: { owner: "message", numbers: maskMessage },
        schema: {
          description:
            "Our reaction {type: emoji} to a message, sent through the channel; an empty type removes it.",
          params: messageIdParam,
          body: reactionSchema,
          response: { 200: messageDto },
        },
      },
      (req) => service.react(req.ctx, req.params.id, req.body.type),
    );

    app.post(
      "/messages/:id/retry-media",
      {
        config: { owner: "message", numbers: maskMessage },
        schema: {
          description:
            "Downloads again the media of a received message whose download failed or was refused " +
            "(mediaError set: the conversation shows it unavailable), through the same checks (allowed hosts, " +
            "public addresses, size and time limits). Answers the message, with its file when it worked; " +
            "ERR_WAPP_DOWNLOAD_MEDIA 502 when it failed again, 400 when it cannot be retried (no source kept).",
          params: messageIdParam,
          response: { 200: messageDto },
        },
      },
      (req) => service.retryMedia(req.ctx, req.params.id),
    );

    app.post(
      "/message/forward",
      {
        config: { numbers: maskForwardResult },
        schema: {
          description:
            "Forwards messageId (one or a list) to contactId (one or a list), each message to each contact, " +
            "900 ms apart per connection; signMessage puts the user's name first (when the company's " +
            "sendSignMessage is enabled).",
          body: forwardMessageSchema,
          response: { 200: forwardResultDto },
        },
      },
      (req) =>
        service.forward(req.ctx, {
          messageIds: req.body.messageId,
          contactIds: req.body.contactId,
          signMessage: req.body.signMessage,
        }),
    );

    app.get(
      "/messages/transcribeAudio/:file",
      {
        config: { owner: "mediaFile" },
        schema: {
          description: "Transcribes a received audio (its stored file name) through the configured service.",
          params: transcribeParam,
          response: { 200: transcriptionDto },
        },
      },
      (req) => service.transcribe(req.ctx, req.params.file),
    );
  };
}

const multipartFields = z.object({
  body: z.array(z.string().max(MESSAGE_BODY_MAX, "Too Long!")),
  isPrivate: z.enum(["true", "false"]).optional(),
  signMessage: z.enum(["true", "false"]).optional(),
});

/** The multipart form of POST /messages: `medias` files (or `media`), `body` fields, `isPrivate`, `signMessage`. */
async function readMultipart(req: FastifyRequest): Promise<MultipartSend> {
  const files: Upload[] = [];
  const fields: { body: string[]; isPrivate?: string; signMessage?: string } = { body: [] };
  const parts = req.parts({
    limits: { fileSize: LIMITS.messageMediaMaxBytes, files: LIMITS.messageMediaMaxFiles },
  });
  for await (const part of parts) {
    if (part.type === "file") {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "medias" });
      if (part.fieldname !== "medias" && part.fieldname !== "media") continue;
      files.push({ filename: part.filename || "file", mimeType: part.mimetype, bytes });
    } else if (part.fieldname === "body") {
      fields.body.push(String(part.value));
    } else if (part.fieldname === "isPrivate") {
      fields.isPrivate = String(part.value);
    } else if (part.fieldname === "signMessage") {
      fields.signMessage = String(part.value);
    }
  }
  const parsed = multipartFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("ERR_VALIDATION", {
      field: String(issue?.path[0] ?? "body"),
      message: issue?.message,
    });
  }
  return {
    bodies: parsed.data.body,
    isPrivate: parsed.data.isPrivate === "true",
    signMessage: parsed.data.signMessage === "true",
    files,
  };
}
