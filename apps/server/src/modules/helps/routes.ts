import {
  helpCreateSchema,
  helpDto,
  helpListQuery,
  helpPageDto,
  helpUpdateSchema,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { HelpsService } from "./service.js";

const messageDto = z.object({ message: z.string() });

const fields =
  "title required (1 to 100 characters, unique: 400 ERR_HELP_TITLE_ALREADY_EXISTS, field title), " +
  "description up to 1000 characters, video the YouTube video code (letters, digits, - and _; a pasted " +
  "YouTube address is read as its code)";

/** Help videos of the platform (spec 2 section 7): every user reads, super users write. Thin. */
export function helpsRoutes(service: HelpsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/helps",
      {
        schema: {
          description:
            "Any signed-in user. A page of 20 help videos by title; searchParam matches title or description. " +
            "Answers { records, count, hasMore }.",
          querystring: helpListQuery,
          response: { 200: helpPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/helps/list",
      {
        schema: {
          description:
            "Any signed-in user. Every help video by title (the /helps gallery; the menu shows its item only when there is one).",
          response: { 200: z.array(helpDto) },
        },
      },
      (req) => service.list(req.ctx),
    );

    app.post(
      "/helps",
      {
        schema: {
          description: `Super users (others: 403 ERR_NO_PERMISSION). ${fields}.`,
          body: helpCreateSchema,
          response: { 201: helpDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/helps/:id",
      {
        config: { owner: "help" },
        schema: {
          description: `Super users (others: 403 ERR_NO_PERMISSION). The fields given change: ${fields}; an unknown help 404 ERR_NOT_FOUND.`,
          params: idParam,
          body: helpUpdateSchema,
          response: { 200: helpDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/helps/:id",
      {
        config: { owner: "help" },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION). An unknown help answers 404 ERR_NOT_FOUND.",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Help deleted" };
      },
    );
  };
}
