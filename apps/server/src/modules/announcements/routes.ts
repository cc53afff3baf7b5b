import { type AnnouncementDto, announcementListDto, LIMITS, recordPageQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { fileUrl } from "../../storage/file-url.js";
import { type AnnouncementRow, AnnouncementsRepo } from "./repo.js";

function presentAnnouncement(row: AnnouncementRow): AnnouncementDto {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    mediaPath: fileUrl(row.mediaPath),
    mediaName: row.mediaName,
    priority: row.priority,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /announcements/ (spec 1 sections 3, 7): the top bar's popover. Writing them is the super administrator's (spec 2). */
export function announcementsRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = new AnnouncementsRepo(db);
  return async (app) => {
    // `GET /announcements/` (the spec's form) reaches it too: the router ignores trailing slashes.
    app.get(
      "/announcements",
      {
        schema: {
          description:
            "Active announcements of the platform and of the company, newest first; searchParam matches the title.",
          querystring: recordPageQuery,
          response: { 200: announcementListDto },
        },
      },
      async (req) => {
        const size = LIMITS.pageSize;
        const { rows, count } = await repo.listFor(req.ctx.companyId, req.query.searchParam, {
          number: req.query.pageNumber,
          size,
        });
        return {
          records: rows.map(presentAnnouncement),
          count,
          hasMore: req.query.pageNumber * size < count,
        };
      },
    );
  };
}
