import { z } from "zod";

/**
 * The bell's handovers live in React state, which a reload empties: a ticket handed over and not
 * opened yet, without unread messages, would leave the bell unseen. So this browser keeps which
 * tickets they were, one key per user (another user signing in here must not see them), and the
 * server is asked for each again (handovers.ts). Only the ticket's id and address are kept, never
 * its contact or messages, and signing out forgets them (`forgetHandovers`). Only the
 * newest are kept: nobody reads a bell of hundreds of handovers.
 */
export const STORED_HANDOVERS_LIMIT = 50;

export interface HandoverRef {
  id: number;
  uuid: string;
}

const handoverRef = z.object({ id: z.number().int().positive(), uuid: z.string().min(1).max(100) });

const KEY_PREFIX = "inbox.handovers.";
export const handoversStorageKey = (viewerId: number) => `${KEY_PREFIX}${viewerId}`;

export function serializeHandovers(refs: readonly HandoverRef[]): string {
  return JSON.stringify(refs.slice(0, STORED_HANDOVERS_LIMIT).map(({ id, uuid }) => ({ id, uuid })));
}

/**
 * The stored list, newest first, each ticket once. Anything unreadable (hand-edited, an older
 * shape) reads as nothing, or loses just the unreadable entries.
 */
export function parseHandovers(raw: string | null): HandoverRef[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const refs: HandoverRef[] = [];
  for (const entry of parsed) {
    const ref = handoverRef.safeParse(entry);
    if (ref.success && !refs.some((r) => r.id === ref.data.id)) refs.push(ref.data);
    if (refs.length === STORED_HANDOVERS_LIMIT) break;
  }
  return refs;
}

export function readStoredHandovers(viewerId: number): HandoverRef[] {
  try {
    return parseHandovers(localStorage.getItem(handoversStorageKey(viewerId)));
  } catch {
    // Storage disabled: the handovers last as long as the page, as they did before.
    return [];
  }
}

export function storeHandovers(viewerId: number, refs: readonly HandoverRef[]): void {
  try {
    if (refs.length === 0) localStorage.removeItem(handoversStorageKey(viewerId));
    else localStorage.setItem(handoversStorageKey(viewerId), serializeHandovers(refs));
  } catch {
    // Storage full or disabled: the handovers last as long as the page.
  }
}

/** Signing out: every user's stored handovers on this browser go (the next sign-in starts clean). */
export function forgetHandovers(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(KEY_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
