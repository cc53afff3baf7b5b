import { chatListDto, LIMITS, recordPageQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { ChatsRepo } from "./repo.js";

/** GET /chats/ (spec 1 sections 3, 7): the top bar's internal-chat popover. The chat screen itself is not built yet. */
export function chatsRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new ChatsRepo(db);
  return async (app) => {
    // `GET /chats/` (the spec's form) reaches it too: the router ignores trailing slashes.
    app.get(
      "/chats",
      {
        config: { planFeature: "useInternalChat" },
        schema: {
          description:
            "The signed-in user's internal chats, most recent first; searchParam matches the title.",
          querystring: recordPageQuery,
          response: { 200: chatListDto },
        },
      },
      async (req) => {
        const size = LIMITS.pageSize;
        const { rows, count } = await repo.listFor(
          req.ctx.companyId,
          req.ctx.user.id,
          req.query.searchParam,
          {
            number: req.query.pageNumber,
            size,
          },
        );
        return {
          records: rows.map((row) => ({
            id: row.id,
            uuid: row.uuid,
            title: row.title,
            ownerId: row.ownerId,
            lastMessage: row.lastMessage,
            updatedAt: row.updatedAt.toISOString(),
            users: row.users.map((p) => ({
              userId: p.userId,
              unreads: p.unreads,
              user: { id: p.userId, name: p.name },
            })),
          })),
          count,
          hasMore: req.query.pageNumber * size < count,
        };
      },
    );
  };
}
