import { localId } from "./ids.js";
import type { ConversationItem } from "./types.js";

const RANK: Record<ConversationItem["status"], number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

export interface ContactSummary {
  contact: string;
  name?: string;
  last?: ConversationItem;
  count: number;
}

/**
 * What the phone page shows: per account and contact, the lines the contact
 * wrote (inbound webhooks) and the lines our server sent (Graph sends), with
 * the status each one reached.
 */
export class Conversations {
  private readonly lines = new Map<string, ConversationItem[]>();
  private readonly byMessageId = new Map<string, { key: string; item: ConversationItem }>();
  private readonly names = new Map<string, string>();

  add(
    accountId: string,
    contact: string,
    line: Omit<ConversationItem, "id" | "at"> & { id?: string; at?: number },
  ): ConversationItem {
    const key = keyOf(accountId, contact);
    const item: ConversationItem = { ...line, id: line.id ?? localId("line"), at: line.at ?? Date.now() };
    let list = this.lines.get(key);
    if (!list) {
      list = [];
      this.lines.set(key, list);
    }
    list.push(item);
    this.byMessageId.set(item.id, { key, item });
    return item;
  }

  /** Moves a line forward (sent -> delivered -> read); `failed` always wins. */
  setStatus(messageId: string, status: ConversationItem["status"], error?: string): void {
    const found = this.byMessageId.get(messageId);
    if (!found) return;
    if (RANK[status] > RANK[found.item.status]) found.item.status = status;
    if (error) found.item.error = error;
  }

  /** Messenger watermarks: every line of one direction at or before `watermark` reaches `status`. */
  setStatusUpTo(
    accountId: string,
    contact: string,
    direction: ConversationItem["direction"],
    watermark: number,
    status: ConversationItem["status"],
  ): void {
    for (const item of this.lines.get(keyOf(accountId, contact)) ?? []) {
      if (item.direction === direction && item.at <= watermark && RANK[status] > RANK[item.status]) {
        item.status = status;
      }
    }
  }

  find(messageId: string): { accountId: string; contact: string; item: ConversationItem } | undefined {
    const found = this.byMessageId.get(messageId);
    if (!found) return undefined;
    const [accountId = "", contact = ""] = found.key.split("\u0000");
    return { accountId, contact, item: found.item };
  }

  list(accountId: string, contact: string, since = 0): ConversationItem[] {
    return (this.lines.get(keyOf(accountId, contact)) ?? []).filter((item) => item.at >= since);
  }

  setName(accountId: string, contact: string, name: string): void {
    this.names.set(keyOf(accountId, contact), name);
  }

  name(accountId: string, contact: string): string | undefined {
    return this.names.get(keyOf(accountId, contact));
  }

  contacts(accountId: string): ContactSummary[] {
    const out: ContactSummary[] = [];
    const prefix = `${accountId}\u0000`;
    const keys = new Set([...this.lines.keys(), ...this.names.keys()]);
    for (const key of keys) {
      if (!key.startsWith(prefix)) continue;
      const contact = key.slice(prefix.length);
      const list = this.lines.get(key) ?? [];
      const name = this.names.get(key);
      const last = list.at(-1);
      out.push({ contact, ...(name ? { name } : {}), ...(last ? { last } : {}), count: list.length });
    }
    return out.sort((a, b) => (b.last?.at ?? 0) - (a.last?.at ?? 0));
  }

  clear(): void {
    this.lines.clear();
    this.byMessageId.clear();
  }
}

function keyOf(accountId: string, contact: string): string {
  return `${accountId}\u0000${contact}`;
}
