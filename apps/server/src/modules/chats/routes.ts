import {
  chatDto,
  chatListDto,
  chatMessageCreateSchema,
  chatMessageDto,
  chatMessageListDto,
  chatMessagesQuery,
  chatReadSchema,
  chatRefParam,
  chatSaveSchema,
  idParam,
  recordPageQuery,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ChatsService } from "./service.js";

const gated = { planFeature: "useInternalChat" } as const;
const ofChat = { owner: "chat", planFeature: "useInternalChat" } as const;

/**
 * Internal chat (spec 3 section 7; spec 1 section 7 for the top bar's GET /chats/). Thin: parse,
 * call the service, answer. Every route needs the plan flag useInternalChat
 * (ERR_PLAN_NO_INTERNAL_CHAT otherwise); a chat the user does not take part in answers 404.
 */
export function chatsRoutes(service: ChatsService): FastifyPluginAsyncZod {
  return async (app) => {
    // `GET /chats/` (the spec's form) reaches it too: the router ignores trailing slashes.
    app.get(
      "/chats",
      {
        config: gated,
        schema: {
          description:
            "The signed-in user's internal chats, most recent first, 40 a page; searchParam matches the title.",
          querystring: recordPageQuery,
          response: { 200: chatListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/chats/:id",
      {
        config: ofChat,
        schema: {
          description: "One chat the user takes part in, by id or uuid.",
          params: chatRefParam,
          response: { 200: chatDto },
        },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/chats",
      {
        config: gated,
        schema: {
          description:
            "A chat owned by the signed-in user, who takes part in it with `users` (the company's user ids).",
          body: chatSaveSchema,
          response: { 201: chatDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/chats/:id",
      {
        config: ofChat,
        schema: {
          description: "Owner only: the title and the participants (the owner stays in).",
          params: idParam,
          body: chatSaveSchema,
          response: { 200: chatDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/chats/:id",
      {
        config: ofChat,
        schema: { params: idParam, response: { 200: z.object({ message: z.string() }) } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Chat deleted" };
      },
    );

    app.get(
      "/chats/:id/messages",
      {
        config: ofChat,
        schema: {
          description:
            "The chat's messages, newest first, 20 a page: `before` (a message id) gives the older ones " +
            "by keyset; without it pageNumber pages by offset.",
          params: idParam,
          querystring: chatMessagesQuery,
          response: { 200: chatMessageListDto },
        },
      },
      (req) => service.messages(req.ctx, req.params.id, req.query),
    );

    app.post(
      "/chats/:id/messages",
      {
        config: ofChat,
        schema: {
          description: "Sends a non-blank message; it is unread for every other participant.",
          params: idParam,
          body: chatMessageCreateSchema,
          response: { 201: chatMessageDto },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.send(req.ctx, req.params.id, req.body.message)),
    );

    app.post(
      "/chats/:id/read",
      {
        config: ofChat,
        schema: {
          description: "Marks the chat read for the signed-in user (a userId in the body is ignored).",
          params: idParam,
          body: chatReadSchema,
          response: { 200: chatDto },
        },
      },
      (req) => service.markRead(req.ctx, req.params.id),
    );
  };
}
