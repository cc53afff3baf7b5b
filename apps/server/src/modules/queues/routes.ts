import {
  chatbotCreateSchema,
  chatbotOptionDto,
  chatbotUpdateSchema,
  idParam,
  queueCreateSchema,
  queueDetailDto,
  queueDto,
  queueUpdateSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { QueuesService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/** Queues and chatbot options (spec 2 section 7, "Queues and chatbot"). Thin. */
export function queuesRoutes(service: QueuesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/queue",
      {
        schema: {
          description: "The company's queues by orderQueue, then id; for everyone signed in (pickers).",
          response: { 200: z.array(queueDto) },
        },
      },
      (req) => service.list(req.ctx),
    );

    app.get(
      "/queue/:id",
      {
        config: { owner: "queue" },
        schema: {
          description:
            "The queue with its schedules and its chatbot option tree (`chatbots`, nested `options`).",
          params: idParam,
          response: { 200: queueDetailDto },
        },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/queue",
      {
        schema: {
          description:
            "Admins. Name and colour unique in the company; a greeting message is required once the company " +
            "has more than one queue; `chatbots` is the option tree (a bot message is required on an option " +
            "with options below it). Announced on company-{id}-queue.",
          body: queueCreateSchema,
          response: { 201: queueDetailDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/queue/:id",
      {
        config: { owner: "queue" },
        schema: {
          description:
            "Admins. Fields given change; `schedules` and `chatbots`, when given, replace the stored ones " +
            "(options with an `id` of this tree are kept and updated, those left out are deleted).",
          params: idParam,
          body: queueUpdateSchema,
          response: { 200: queueDetailDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/queue/:id",
      {
        config: { owner: "queue" },
        schema: {
          description:
            "Admins. Its user and connection links and its options go with it; its tickets stay, without a queue.",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Queue deleted" };
      },
    );

    app.get(
      "/chatbot/:id",
      {
        config: { owner: "chatbot" },
        schema: { params: idParam, response: { 200: chatbotOptionDto } },
      },
      (req) => service.showOption(req.ctx, req.params.id),
    );

    app.post(
      "/chatbot",
      {
        schema: {
          description:
            "Admins. A new option with its nested options, last among a queue's first level (`queueId`) or " +
            "an option's children (`chatbotId`, whose bot message must be set).",
          body: chatbotCreateSchema,
          response: { 201: chatbotOptionDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.createOption(req.ctx, req.body)),
    );

    app.put(
      "/chatbot/:id",
      {
        config: { owner: "chatbot" },
        schema: {
          description:
            "Admins. The option's fields (all of them, as the editor sends them); `options`, when given, " +
            "replaces its subtree as PUT /queue/{id} replaces a tree.",
          params: idParam,
          body: chatbotUpdateSchema,
          response: { 200: chatbotOptionDto },
        },
      },
      (req) => service.updateOption(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/chatbot/:id",
      {
        config: { owner: "chatbot" },
        schema: {
          description: "Admins. The option and every option below it.",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.deleteOption(req.ctx, req.params.id);
        return { message: "Chatbot option deleted" };
      },
    );
  };
}
