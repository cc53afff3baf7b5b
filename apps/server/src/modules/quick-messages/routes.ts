import {
  idParam,
  quickMessageCreateSchema,
  quickMessageDto,
  quickMessageListQuery,
  quickMessagePageDto,
  quickMessageUpdateSchema,
  recordPageQuery,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleUpload } from "../../http/single-upload.js";
import type { QuickMessagesService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/**
 * Quick messages (spec 3 section 7; the '/' list of spec 1 section 7). Thin:
 * parse, call the service, answer. Every user of the company may call them;
 * the service refuses changes to another user's personal message.
 */
export function quickMessagesRoutes(service: QuickMessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/quick-messages/list",
      {
        schema: {
          description: "The company's global quick messages and the signed-in user's own, by shortcode.",
          querystring: quickMessageListQuery,
          response: { 200: z.array(quickMessageDto) },
        },
      },
      (req) => service.listForInput(req.ctx),
    );

    app.get(
      "/quick-messages",
      {
        schema: {
          description:
            "One page (40) of the company's quick messages by shortcode; searchParam matches the shortcode " +
            "or the text. Another user's personal ones are listed too (read-only for the caller).",
          querystring: recordPageQuery,
          response: { 200: quickMessagePageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/quick-messages/:id",
      {
        config: { owner: "quickMessage" },
        schema: { params: idParam, response: { 200: quickMessageDto } },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/quick-messages",
      {
        schema: {
          description:
            "A quick message of the signed-in user; geral: every user of the company sees it. " +
            "status, isMedia and mediaPath are ignored (the file comes through media-upload).",
          body: quickMessageCreateSchema,
          response: { 201: quickMessageDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/quick-messages/:id",
      {
        config: { owner: "quickMessage" },
        schema: {
          description: "Replaces the fields given. Another user's personal quick message: ERR_NO_PERMISSION.",
          params: idParam,
          body: quickMessageUpdateSchema,
          response: { 200: quickMessageDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/quick-messages/:id",
      {
        config: { owner: "quickMessage" },
        schema: { params: idParam, response: { 200: messageDto } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Quick message deleted" };
      },
    );

    app.post(
      "/quick-messages/:id/media-upload",
      {
        config: { owner: "quickMessage" },
        schema: {
          description:
            "Multipart `file` (typeArch=quickMessage is accepted and ignored): the attachment, replacing any " +
            "other. Typed from its bytes; stored under a random name with the detected type's extension.",
          params: idParam,
          response: { 200: quickMessageDto },
        },
      },
      async (req) => service.setMedia(req.ctx, req.params.id, await readSingleUpload(req)),
    );

    app.delete(
      "/quick-messages/:id/media-upload",
      {
        config: { owner: "quickMessage" },
        schema: { params: idParam, response: { 200: quickMessageDto } },
      },
      (req) => service.removeMedia(req.ctx, req.params.id),
    );
  };
}
