import {
  idParam,
  LIMITS,
  scheduleCreateSchema,
  scheduleDto,
  scheduleListDto,
  scheduleListQuery,
  scheduleUpdateSchema,
} from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { SchedulesService, ScheduleUpload } from "./service.js";

const messageDto = z.object({ message: z.string() });

/**
 * Schedules (spec 3 section 7). Thin: parse, call the service, answer. Every route needs the
 * plan flag useSchedules (ERR_PLAN_NO_SCHEDULES otherwise: http/plan-gate.ts).
 */
export function schedulesRoutes(service: SchedulesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/schedules",
      {
        config: { planFeature: "useSchedules" },
        schema: {
          description:
            "One page (40) of the company's schedules by sendAt; searchParam matches the body or the " +
            "contact's name; contactId narrows to one contact. Needs the plan flag useSchedules.",
          querystring: scheduleListQuery,
          response: { 200: scheduleListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/schedules/:id",
      {
        config: { owner: "schedule", planFeature: "useSchedules" },
        schema: { params: idParam, response: { 200: scheduleDto } },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/schedules",
      {
        config: { planFeature: "useSchedules" },
        schema: {
          description:
            "A message to send to contactId at sendAt (ISO 8601; a past time sends at once). ticketId: the " +
            "ticket it is made from; whatsappId: the connection (default: the ticket's, the contact's, the " +
            "company's default). The body may use the message variables ({{firstName}}, {{ms}}…).",
          body: scheduleCreateSchema,
          response: { 201: scheduleDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/schedules/:id",
      {
        config: { owner: "schedule", planFeature: "useSchedules" },
        schema: {
          description:
            "Replaces the fields given. A sent schedule cannot change; a failed one is pending again.",
          params: idParam,
          body: scheduleUpdateSchema,
          response: { 200: scheduleDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/schedules/:id",
      {
        config: { owner: "schedule", planFeature: "useSchedules" },
        schema: { params: idParam, response: { 200: messageDto } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Schedule deleted" };
      },
    );

    app.post(
      "/schedules/:id/media-upload",
      {
        config: { owner: "schedule", planFeature: "useSchedules" },
        schema: {
          description: "Multipart `file` (png, jpg or jpeg): the schedule's attachment, replacing any other.",
          params: idParam,
          response: { 200: scheduleDto },
        },
      },
      async (req) => service.setMedia(req.ctx, req.params.id, await readUpload(req)),
    );

    app.delete(
      "/schedules/:id/media-upload",
      {
        config: { owner: "schedule", planFeature: "useSchedules" },
        schema: { params: idParam, response: { 200: scheduleDto } },
      },
      (req) => service.removeMedia(req.ctx, req.params.id),
    );
  };
}

/** The one `file` (or `media`) part of the form; other parts are read and dropped. */
async function readUpload(req: FastifyRequest): Promise<ScheduleUpload | undefined> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "file", message: "Send multipart/form-data" });
  let file: ScheduleUpload | undefined;
  for await (const part of req.parts({ limits: { fileSize: LIMITS.messageMediaMaxBytes, files: 1 } })) {
    if (part.type !== "file") continue;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "file" });
    if (part.fieldname === "file" || part.fieldname === "media")
      file = { filename: part.filename || "file", mimeType: part.mimetype, bytes };
  }
  return file;
}
