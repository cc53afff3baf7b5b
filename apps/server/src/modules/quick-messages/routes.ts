import { type QuickMessageDto, quickMessageDto, quickMessageListQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { fileUrl } from "../../storage/file-url.js";
import { type QuickMessageRow, QuickMessagesRepo } from "./repo.js";

function presentQuickMessage(row: QuickMessageRow): QuickMessageDto {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    mediaPath: fileUrl(row.mediaPath),
    mediaName: row.mediaName,
    geral: row.geral,
    userId: row.userId,
  };
}

/** GET /quick-messages/list (spec 1 section 7): what the '/' list of the message input offers. Read only. */
export function quickMessagesRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new QuickMessagesRepo(db);
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
      async (req) => (await repo.listFor(req.ctx.companyId, req.ctx.user.id)).map(presentQuickMessage),
    );
  };
}
