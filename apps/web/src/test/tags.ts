import type { KanbanTagDto, TagContactDto, TagWithCountDto } from "@inbox/shared";
import { configureApiClient } from "../api/client";
import { unknownRequest } from "./unknown-request";

export function buildTag(overrides: Partial<TagWithCountDto> = {}): TagWithCountDto {
  return {
    id: 1,
    name: "Cliente VIP",
    color: "#B80000",
    kanban: 0,
    timeLane: 0,
    nextLaneId: null,
    rollbackLaneId: null,
    greetingMessageLane: null,
    contactsCount: 0,
    ...overrides,
  };
}

export interface TagCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

export interface TagServer {
  tags?: TagWithCountDto[];
  kanban?: KanbanTagDto[];
  contacts?: Record<number, TagContactDto[]>;
  /** What POST and PUT answer, when not the saved body. */
  refusal?: { status: number; body: object };
  /** GET /tags/ fails. */
  listFails?: boolean;
}

/**
 * The tags API as the server answers it: GET /tags/ pages (20, searchParam on the name, kanban and
 * tagId filters), GET /tags/{id}, POST /tags (unique=1), PUT and DELETE /tags/{id}, GET /tag/kanban/,
 * GET and DELETE /tags-contacts. Every request is recorded.
 */
export function serveTags(server: TagServer = {}): TagCall[] {
  const tags = server.tags ?? [];
  const calls: TagCall[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const parsed = new URL(url, "http://test");
      const path = parsed.pathname;
      const query = Object.fromEntries(parsed.searchParams);
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, query, ...(body === undefined ? {} : { body }) });
      if (method === "GET" && path === "/tags/") {
        if (server.listFails) return Response.json({ error: "ERR_INTERNAL", message: "x" }, { status: 500 });
        const term = (query.searchParam ?? "").toLowerCase();
        const matching = tags.filter(
          (tag) =>
            tag.name.toLowerCase().includes(term) &&
            (query.kanban === undefined || String(tag.kanban) === query.kanban) &&
            String(tag.id) !== query.tagId,
        );
        const page = Number(query.pageNumber ?? 1);
        const slice = matching.slice((page - 1) * 20, page * 20);
        return Response.json({ tags: slice, count: matching.length, hasMore: matching.length > page * 20 });
      }
      if (method === "GET" && path === "/tag/kanban/") return Response.json({ lista: server.kanban ?? [] });
      const tag = tags.find((one) => path === `/tags/${one.id}`);
      if (method === "GET" && tag) return Response.json(tag);
      if ((method === "POST" && path === "/tags") || (method === "PUT" && tag)) {
        if (server.refusal) return Response.json(server.refusal.body, { status: server.refusal.status });
        return Response.json({ id: tag?.id ?? 99, ...body }, { status: method === "POST" ? 201 : 200 });
      }
      if (method === "DELETE" && tag) return Response.json({ message: "Tag deleted" });
      const contactsOf = /^\/tags-contacts\/(\d+)$/.exec(path);
      if (method === "GET" && contactsOf) {
        const list = server.contacts?.[Number(contactsOf[1])] ?? [];
        return Response.json({ contacts: list, count: list.length, hasMore: false });
      }
      if (method === "DELETE" && /^\/tags-contacts\/\d+\/\d+$/.test(path))
        return Response.json({ message: "Tag removed from the contact" });
      return unknownRequest(method, url);
    },
  });
  return calls;
}
