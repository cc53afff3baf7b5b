import {
  idParam,
  kanbanTagListDto,
  tagContactParams,
  tagContactsPageDto,
  tagContactsQuery,
  tagDto,
  tagIdParam,
  tagPageDto,
  tagPageQuery,
  tagUpdateSchema,
  tagWithCountDto,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { maskTagContacts } from "../../privacy/number-masks.js";
import type { TagsAdminService } from "./admin-service.js";

const messageDto = z.object({ message: z.string() });

const fields =
  "name (3 to 100 characters: 'Obrigatório', 'Mensagem muito curta'; another tag's name: 400 " +
  "ERR_TAG_NAME_ALREADY_EXISTS), color (#rgb to #rrggbbaa), kanban (0/1), timeLane (whole hours in the " +
  "lane), nextLaneId and rollbackLaneId (other kanban tags of the company, else 400 ERR_TAG_INVALID_LANE " +
  "on that field), greetingMessageLane";

/** The tags screen of the administration area (spec 2 section 7). Thin. */
export function tagsAdminRoutes(service: TagsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/tags",
      {
        schema: {
          description:
            "Any signed-in user. A page of 20 tags by name then id, each with its contact count; searchParam " +
            "matches the name, kanban 0/1 filters, tagId leaves that tag out. Answers { tags, count, hasMore }.",
          querystring: tagPageQuery,
          response: { 200: tagPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/tags/:id",
      {
        config: { owner: "tag" },
        schema: {
          description: "Any signed-in user. One tag with its contact count.",
          params: idParam,
          response: { 200: tagWithCountDto },
        },
      },
      (req) => service.find(req.ctx, req.params.id),
    );

    app.put(
      "/tags/:id",
      {
        config: { owner: "tag" },
        schema: {
          description: `Admins (others: 403 ERR_NO_PERMISSION). The fields given change: ${fields}. A tag that stops being a lane is cleared from other tags' lane fields.`,
          params: idParam,
          body: tagUpdateSchema,
          response: { 200: tagDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/tags/:id",
      {
        config: { owner: "tag" },
        schema: {
          description:
            "Admins (others: 403 ERR_NO_PERMISSION). Deletes the tag, its ticket and contact links, and clears it from other tags' lane fields.",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Tag deleted" };
      },
    );

    app.get(
      "/tags-contacts/:tagId",
      {
        config: { owner: "tag", numbers: maskTagContacts },
        schema: {
          description:
            "Any signed-in user. A page of 20 of the tag's contacts by name (the contact-count modal).",
          params: tagIdParam,
          querystring: tagContactsQuery,
          response: { 200: tagContactsPageDto },
        },
      },
      (req) => service.contactsPage(req.ctx, req.params.tagId, req.query.pageNumber),
    );

    app.delete(
      "/tags-contacts/:tagId/:contactId",
      {
        config: { owner: "contactTag" },
        schema: {
          description: "Any signed-in user (as POST /tags/sync). The contact loses the tag.",
          params: tagContactParams,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.untagContact(req.ctx, req.params.tagId, req.params.contactId);
        return { message: "Tag removed from the contact" };
      },
    );

    app.get(
      "/tag/kanban",
      {
        schema: {
          description:
            "Any signed-in user. The kanban tags by name, each with its open and pending tickets (ticketsCount). Answers { lista }.",
          response: { 200: kanbanTagListDto },
        },
      },
      (req) => service.kanban(req.ctx),
    );
  };
}
