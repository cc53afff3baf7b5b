import {
  announcementCreateSchema,
  announcementDto,
  announcementListDto,
  announcementUpdateSchema,
  idParam,
  recordPageQuery,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleUpload } from "../../http/single-upload.js";
import type { AnnouncementsService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/**
 * Announcements (spec 1 section 7: the top bar's popover; spec 3 section 7:
 * the /announcements page). Reading is for every signed-in user; writing is
 * for super users (others 403 ERR_NO_PERMISSION, from the service).
 */
export function announcementsRoutes(service: AnnouncementsService): FastifyPluginAsyncZod {
  return async (app) => {
    // `GET /announcements/` (the spec's form) reaches it too: the router ignores trailing slashes.
    app.get(
      "/announcements",
      {
        schema: {
          description:
            "Active announcements of the platform and of the company, newest first; searchParam matches the " +
            "title. A super user gets the company's own in any status (the /announcements page).",
          querystring: recordPageQuery,
          response: { 200: announcementListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/announcements/:id",
      { config: { owner: "announcement" }, schema: { params: idParam, response: { 200: announcementDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/announcements",
      {
        schema: {
          description:
            "Super users: title and text required, priority 1 (high) to 3 (low, default), status (default " +
            "active). The platform company's reach every company, live on company-announcement.",
          body: announcementCreateSchema,
          response: { 201: announcementDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/announcements/:id",
      {
        config: { owner: "announcement" },
        schema: {
          description: "Super users: replaces the fields given.",
          params: idParam,
          body: announcementUpdateSchema,
          response: { 200: announcementDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/announcements/:id",
      { config: { owner: "announcement" }, schema: { params: idParam, response: { 200: messageDto } } },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Announcement deleted" };
      },
    );

    app.post(
      "/announcements/:id/media-upload",
      {
        config: { owner: "announcement" },
        schema: {
          description:
            "Super users: multipart `file` (typeArch=announcements ignored), png, jpg or jpeg by its bytes; " +
            "stored under a random name with the detected type's extension.",
          params: idParam,
          response: { 200: announcementDto },
        },
      },
      async (req) => service.setMedia(req.ctx, req.params.id, await readSingleUpload(req)),
    );

    app.delete(
      "/announcements/:id/media-upload",
      {
        config: { owner: "announcement" },
        schema: { params: idParam, response: { 200: announcementDto } },
      },
      (req) => service.removeMedia(req.ctx, req.params.id),
    );
  };
}
