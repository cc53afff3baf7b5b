import { LIMITS, MESSAGES_API_PATH, messagesApiAnswerDto, messagesApiSendSchema } from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../http/app-error.js";
import type { Upload } from "../messages/message-files.js";
import type { MessagesApiService } from "./service.js";

const FIELDS = ["number", "body", "userId", "queueId", "sendSignature", "closeTicket"] as const;

/**
 * The external Messages API (spec 3 section 7): public as far as the user session goes; the bearer
 * token is a connection's messages-API token, read by the service. Thin: parse, call, answer.
 */
export function messagesApiRoutes(service: MessagesApiService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MESSAGES_API_PATH,
      {
        config: { public: true },
        schema: {
          description:
            "Sends a text, or files, to a WhatsApp number through the connection whose messages-API token is " +
            "the bearer (`Authorization: Bearer <token>`, the 30-character token of the connection dialog). " +
            "JSON body { number, body, userId?, queueId?, sendSignature?, closeTicket? } or multipart with the " +
            "same fields and `medias` files (the body captions the first). The messages are stored in the " +
            "contact's ticket on that connection (a new ticket is open for userId, pending without it; with " +
            "userId an existing ticket becomes that user's) and then sent; sendSignature signs the body with " +
            "the user's name; closeTicket closes the ticket once they are stored. An `Idempotency-Key` header " +
            "makes a retry within 24 hours answer the first send without sending again. Answers " +
            "{ message, ticketId, messageIds }. 401 ERR_INVALID_API_TOKEN; 403 ERR_PLAN_NO_EXTERNAL_API " +
            "(plan flag useExternalApi); 402 ERR_SUBSCRIPTION_EXPIRED; 400 ERR_VALIDATION (field); 429 ERR_TOO_MANY_REQUESTS above 60 " +
            "sends a minute per token (Retry-After).",
          response: { 200: messagesApiAnswerDto },
        },
      },
      async (req) => {
        const connection = await service.authorize(bearerOf(req));
        const { fields, files } = req.isMultipart()
          ? await readMultipart(req)
          : { fields: req.body, files: [] };
        const parsed = messagesApiSendSchema.safeParse(fields ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError("ERR_VALIDATION", {
            field: String(issue?.path[0] ?? "body"),
            message: issue?.message,
          });
        }
        const key = req.headers["idempotency-key"];
        return service.send(connection, parsed.data, files, typeof key === "string" ? key : undefined);
      },
    );
  };
}

function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The multipart form: the fields as text, `medias` (or `media`) files. */
async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  const parts = req.parts({
    limits: { fileSize: LIMITS.messageMediaMaxBytes, files: LIMITS.messageMediaMaxFiles },
  });
  for await (const part of parts) {
    if (part.type === "file") {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "medias" });
      if (part.fieldname !== "medias" && part.fieldname !== "media") continue;
      files.push({ filename: part.filename || "file", mimeType: part.mimetype, bytes });
    } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}
