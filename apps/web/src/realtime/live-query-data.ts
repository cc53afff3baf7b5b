import { hashKey, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";

/** A socket event's edit of one cached answer; given undefined while nothing is cached. */
export type LiveChange<T> = (data: T | undefined) => T | undefined;

/** Per client: the changes applied to each query while it was being fetched. */
const changesByClient = new WeakMap<QueryClient, Map<Query, LiveChange<unknown>[]>>();

/**
 * Socket events edit cached answers in place (setQueryData). An answer in
 * flight when an event arrives was read on the server before it, so when it
 * lands it would undo the event: a ticket's new message gone from the bell
 * or the conversation until the next event. Here each change applied while
 * its query is being fetched is kept, and applied again to the answer when
 * it lands. The changes are the list rules (ticket-list-rules.ts and the
 * bell's), which place a ticket or a message by id, so applying one to an
 * answer that already holds it changes nothing. Unlike refetching on every
 * such event, a busy socket cannot keep a list from ever loading.
 */
export function setLiveQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, change: LiveChange<T>) {
  const current = queryClient.getQueryData<T>(queryKey);
  const next = change(current);
  // An unchanged answer is not written: its observers would render again for nothing.
  if (next !== current && next !== undefined) queryClient.setQueryData<T>(queryKey, next);
  // By hash, as getQueryData finds it (the cache's find() would test every query: a list per event).
  const query = queryClient.getQueryCache().get(hashKey(queryKey));
  if (!query || query.state.fetchStatus === "idle") return;
  const pending = pendingChanges(queryClient);
  const changes = pending.get(query) ?? [];
  changes.push(change as LiveChange<unknown>);
  pending.set(query, changes);
}

function pendingChanges(queryClient: QueryClient): Map<Query, LiveChange<unknown>[]> {
  const known = changesByClient.get(queryClient);
  if (known) return known;
  const pending = new Map<Query, LiveChange<unknown>[]>();
  changesByClient.set(queryClient, pending);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "removed") pending.delete(event.query);
    if (event.type !== "updated") return;
    const { query, action } = event;
    const changes = pending.get(query);
    if (!changes) return;
    if (action.type === "success" && !action.manual) {
      // The fetched answer just landed: the events that arrived meanwhile go on top of it.
      pending.delete(query);
      const fetched = query.state.data;
      const replayed = changes.reduce((data, change) => change(data), fetched);
      if (replayed !== fetched) queryClient.setQueryData(query.queryKey, replayed);
    } else if (query.state.fetchStatus === "idle") {
      // Failed or cancelled with its state restored, which already holds the changes.
      pending.delete(query);
    }
  });
  return pending;
}
