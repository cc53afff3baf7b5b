import type { MessageDto } from "@inbox/shared";
import { messagesApi } from "../../../api/messages";

export interface CollectProgress {
  loaded: number;
  total: number;
}

/**
 * Every message of the ticket, oldest first: GET /messages/{ticketId} page
 * by page (1 = newest) until hasMore is false. A message arriving meanwhile
 * shifts the pages by one: the same message may come twice and is kept once.
 * The signal cancels between and during requests.
 */
export async function collectMessages(
  ticketId: number,
  options: { signal?: AbortSignal; onProgress?: (progress: CollectProgress) => void } = {},
): Promise<MessageDto[]> {
  const byId = new Map<number, MessageDto>();
  let pageNumber = 1;
  let total = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await messagesApi.page(ticketId, pageNumber, options.signal);
    for (const message of page.messages) byId.set(message.id, message);
    total = Math.max(page.count, byId.size);
    options.onProgress?.({ loaded: byId.size, total });
    if (!page.hasMore || page.messages.length === 0) break;
    pageNumber += 1;
  }
  return [...byId.values()].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id,
  );
}
