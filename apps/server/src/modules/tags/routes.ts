import {
  contactDto,
  contactIdParam,
  tagCreateQuery,
  tagCreateSchema,
  tagDto,
  tagListQuery,
  tagSyncSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { maskContactRef } from "../../privacy/number-masks.js";
import type { TagsService } from "./service.js";

const _messageDto = z.object({ message: z.string() });

/** Tags and contact tags (spec 1 section 7, notes and tags); ticket tags and lanes: modules/kanban. Thin. */
export function tagsRoutes(service: TagsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/tags/list",
      { schema: { querystring: tagListQuery, response: { 200: z.array(tagDto) } } },
      (req) => service.list(req.ctx, req.query.kanban),
    );

    app.post(
      "/tags",
      {
        schema: {
          description:
            "Creates a tag; a name the company already has answers 200 with that tag (the contact's tag box " +
            "attaches it), or with ?unique=1 (the tags page's form) 400 ERR_TAG_NAME_ALREADY_EXISTS.",
          querystring: tagCreateQuery,
          body: tagCreateSchema,
          response: { 200: tagDto, 201: tagDto },
        },
      },
      async (req, reply) => {
        const { tag, created } = await service.create(req.ctx, req.body, req.query.unique);
        return reply.status(created ? 201 : 200).send(tag);
      },
    );

    app.post(
      "/tags/sync",
      {
        config: { numbers: maskContactRef },
        schema: { body: tagSyncSchema, response: { 200: contactDto } },
      },
      (req) => service.syncContactTags(req.ctx, req.body),
    );

    app.get(
      "/contactTags/:contactId",
      {
        config: { owner: "contact" },
        schema: { params: contactIdParam, response: { 200: z.object({ tags: z.array(tagDto) }) } },
      },
      async (req) => ({ tags: await service.contactTags(req.ctx, req.params.contactId) }),
    );
  };
}
