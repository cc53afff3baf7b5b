import { kanbanBoardDto, kanbanQuery } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { maskKanbanBoard } from "../../privacy/number-masks.js";
import type { BoardService } from "./board-service.js";

/** GET /ticket/kanban (spec 2 section 7). Thin: parse, call the service, answer. */
export function kanbanBoardRoutes(service: BoardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/ticket/kanban",
      {
        config: { planFeature: "useKanban", numbers: maskKanbanBoard },
        schema: {
          description:
            "The kanban board: the open and pending tickets the user may see (GET /tickets' visibility with " +
            "showAll), by lane. A lane is a kanban tag (id) or the default lane (id 0) of the tickets without " +
            "one; a ticket lies in exactly one lane (of its kanban tags, the smallest id). Without `lane`: the " +
            "first page of every lane, the default lane first, then the kanban tags by name. With `lane` (a " +
            "kanban tag's id, or 0 / none) and the `cursor` that lane's answer gave: its next page. Cards are " +
            "ordered by updatedAt then id, both descending. queueIds: a JSON list, repeated keys or a comma " +
            "list (0: without queue). startDate/endDate: the viewer's days (YYYY-MM-DD, `utcOffset` minutes " +
            "east of UTC), inclusive, matched against the ticket's updatedAt; absent, today. LGPD: contact " +
            "numbers are masked for ordinary users when the company hides them.",
          querystring: kanbanQuery,
          response: { 200: kanbanBoardDto },
        },
      },
      (req) => service.board(req.ctx, req.query),
    );
  };
}
