import {
  CHANNELS,
  connectionCreateSchema,
  connectionDto,
  connectionUpdateSchema,
  idParam,
  LIMITS,
  platformConnectionDto,
} from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { ConnectionsOverview } from "./overview.js";
import { channelFlagOfBody } from "./policy.js";
import type { ConnectionsService, GreetingUpload } from "./service.js";
import type { ConnectionSessionActions } from "./session-actions.js";

/** What the server does with the dialog's fields (spec 2 leaves it "not shown"; issue 9 sets the rules). */
const FIELD_RULES =
  "Rules across fields (spec 2 section 5), answered as ERR_VALIDATION with every failing field in `issues`: " +
  "timeSendQueue > 0 needs sendIdQueue (errorSendQueue; an empty timeSendQueue is 0); with the company's " +
  "userRating setting enabled, ratingMessage is required (errorRatingMessage) and expiresTicketNPS may not be 0 " +
  "(errorExpiresNPS); a collectiveVacationMessage needs collectiveVacationStart and End (End on or after Start); " +
  "importOldMessages lies between 2 years ago and now, importRecentMessages at or after it, and " +
  "queueIdImportMessages is required with it; schedule shifts are HH:MM, both times or neither, ending after " +
  "they start. On PUT the rules hold for the stored connection merged with the body. " +
  "What the automation does with them: greetingMessage (and greetingMediaAttachment) opens a new ticket, " +
  "followed by a numbered menu when the connection has several queues; maxUseBotQueues invalid answers stop " +
  "the menu (0 unlimited), timeUseBotQueues minutes later it may start again; after timeSendQueue minutes " +
  "without a choice the ticket moves to sendIdQueue; outOfHoursMessage outside the schedules (scheduleType " +
  "connection); collectiveVacationMessage between the vacation dates; with expiresTicket > 0 an idle open " +
  "ticket gets inactiveMessage after timeInactiveMessage minutes and is closed with expiresInactiveMessage " +
  "after expiresTicket more (whenExpiresTicket 1: only when our message was the last); ratingMessage asks " +
  "for a 0-10 rating for expiresTicketNPS minutes and maxUseBotQueuesNPS invalid answers; a message of a contact " +
  "whose last ticket on the connection was closed less than timeCreateNewTicket minutes ago reopens that ticket " +
  "instead of opening a new one (pending, its queue kept, no user, logged reopen; 0: always a new ticket). " +
  "A connection without queues sends its " +
  "tickets to users who see tickets without a queue.";

const listQuery = z.object({
  // A super user may name another company (the /allConnections link); for anyone else the company
  // comes from the token and this is ignored.
  companyId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
  session: z.string().max(5).optional(),
  channel: z.enum(CHANNELS).optional(),
});

/** Connections (spec 2 sections 2, 3, 6, 7). */
export function connectionsRoutes(
  service: ConnectionsService,
  overview: ConnectionsOverview,
  actions: ConnectionSessionActions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const list = { schema: { querystring: listQuery, response: { 200: z.array(connectionDto) } } };
    const listOf = (req: { ctx: RequestContext; query: z.infer<typeof listQuery> }) => {
      const companyId = overview.companyOf(req.ctx, req.query.companyId);
      return companyId === req.ctx.companyId
        ? service.list(req.ctx, req.query.channel)
        : overview.listOf(companyId, req.query.channel);
    };
    app.get("/whatsapp", list, listOf);
    app.get("/whatsapp/filter", list, listOf);
    app.get(
      "/whatsapp/all",
      {
        schema: {
          description:
            "Super only: every company's connections with companyId and companyName, without tokens, " +
            "QR codes or webhook secrets (spec 2: /allConnections).",
          querystring: z.object({ session: z.string().max(5).optional() }),
          response: { 200: z.array(platformConnectionDto) },
        },
      },
      (req) => overview.listAll(req.ctx),
    );

    app.get(
      "/whatsapp/:id",
      { config: { owner: "connection" }, schema: { params: idParam, response: { 200: connectionDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/whatsapp",
      {
        // The channel's flag (useWhatsapp covers whatsappapi); the service checks it again under the company lock.
        config: {
          planFeature: { flags: ["useWhatsapp", "useFacebook", "useInstagram"], of: channelFlagOfBody },
        },
        schema: { description: FIELD_RULES, body: connectionCreateSchema, response: { 201: connectionDto } },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/whatsapp/:id",
      {
        config: { owner: "connection" },
        schema: {
          description: FIELD_RULES,
          params: idParam,
          body: connectionUpdateSchema,
          response: { 200: connectionDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/whatsapp/:id",
      {
        config: { owner: "connection" },
        schema: { params: idParam, response: { 200: z.object({ message: z.string() }) } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Whatsapp deleted." };
      },
    );

    app.post(
      "/whatsapp/:id/media-upload",
      {
        config: { owner: "connection" },
        schema: {
          description:
            "Multipart `file`: the file sent with the greeting message (image, audio, video or document, " +
            "typed from its bytes; at most 16 MB), replacing any other. Admins and users with allowConnections.",
          params: idParam,
          response: { 200: connectionDto },
        },
      },
      async (req) => service.setGreetingMedia(req.ctx, req.params.id, await readUpload(req)),
    );

    app.delete(
      "/whatsapp/:id/media-upload",
      {
        config: { owner: "connection" },
        schema: {
          description: "The greeting goes without a file; the file is deleted.",
          params: idParam,
          response: { 200: connectionDto },
        },
      },
      (req) => service.removeGreetingMedia(req.ctx, req.params.id),
    );

    const session = {
      config: { owner: "connection" },
      schema: { params: idParam, response: { 200: connectionDto } },
    };
    app.post("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "start"));
    app.put("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "renew"));
    app.delete("/whatsappsession/:id", session, (req) => service.session(req.ctx, req.params.id, "stop"));

    app.post(
      "/whatsapp-restart",
      {
        schema: {
          description:
            "Restarts the company's WhatsApp Web sessions that are running or paired (a new socket, the " +
            "pairing kept); never-paired connections are left alone. Admins and users with allowConnections.",
          response: { 200: z.object({ message: z.string(), restarted: z.number() }) },
        },
      },
      async (req) => ({ message: "Whatsapp restart.", restarted: await actions.restartAll(req.ctx) }),
    );

    app.post(
      "/closedimported/:id",
      {
        config: { owner: "connection" },
        schema: {
          description:
            "Closes the tickets a message import opened on this connection that are not closed yet " +
            "(logged 'closed' without a user; live ticket events), clears the connection's import status " +
            "and sends importMessages-{companyId} `refresh`. Answers how many were closed.",
          params: idParam,
          response: { 200: z.object({ message: z.string(), closed: z.number() }) },
        },
      },
      async (req) => ({
        message: "Imported tickets closed.",
        closed: await actions.closeImported(req.ctx, req.params.id),
      }),
    );
  };
}

/** The one `file` part of the form; other parts are read and dropped. */
async function readUpload(req: FastifyRequest): Promise<GreetingUpload | undefined> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "file", message: "Send multipart/form-data" });
  let file: GreetingUpload | undefined;
  for await (const part of req.parts({ limits: { fileSize: LIMITS.messageMediaMaxBytes, files: 1 } })) {
    if (part.type !== "file") continue;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "file" });
    if (part.fieldname === "file")
      file = { filename: part.filename || "file", mimeType: part.mimetype, bytes };
  }
  return file;
}
