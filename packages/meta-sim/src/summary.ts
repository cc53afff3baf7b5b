import type { AnyEventSpec } from "./core.js";

type Json = Record<string, unknown>;

/** One line of text for the phone page. */
export function summarise(spec: AnyEventSpec): string {
  const s = spec as unknown as Json & { type: string };
  const str = (key: string) => (typeof s[key] === "string" ? (s[key] as string) : undefined);
  switch (s.type) {
    case "text":
    case "quick_reply":
      return str("body") ?? str("text") ?? "";
    case "echo":
      return str("text") ?? `[${str("attachmentType") ?? "attachment"}]`;
    case "location":
      return `[location ${String(s.latitude)}, ${String(s.longitude)}${s.placeName ? ` ${String(s.placeName)}` : ""}]`;
    case "contacts":
      return `[contact ${((s.contacts as Array<{ name: string }>) ?? []).map((c) => c.name).join(", ")}]`;
    case "button_reply":
    case "list_reply":
      return str("title") ?? "";
    case "button":
      return str("text") ?? "";
    case "reaction":
      return `[reaction ${str("emoji") ?? str("reaction") ?? "removed"}]`;
    case "postback":
      return `[postback ${str("title") ?? ""}]`;
    case "attachment":
      return str("text") ?? `[${str("attachmentType") ?? "attachment"}]`;
    case "unsupported":
      return "[unsupported message]";
    default:
      return str("caption") ?? `[${s.type}${str("filename") ? ` ${str("filename")}` : ""}]`;
  }
}

/**
 * Provider message ids and media references found in any envelope:
 * Cloud API messages/statuses ids and media ids; Messenger/Instagram mids,
 * delivery mids, reaction/read targets and attachment URLs.
 */
export function collectIds(payload: unknown): { ids: string[]; mediaIds: string[] } {
  const ids: string[] = [];
  const mediaIds: string[] = [];
  const entries = isJson(payload) && Array.isArray(payload.entry) ? payload.entry : [];
  for (const entry of entries) {
    if (!isJson(entry)) continue;
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      const value = isJson(change) && isJson(change.value) ? change.value : {};
      for (const message of Array.isArray(value.messages) ? value.messages : []) {
        if (!isJson(message)) continue;
        if (typeof message.id === "string") ids.push(message.id);
        const body = typeof message.type === "string" ? message[message.type] : undefined;
        if (isJson(body) && typeof body.id === "string") mediaIds.push(body.id);
      }
      for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
        if (isJson(status) && typeof status.id === "string") ids.push(status.id);
      }
    }
    for (const event of Array.isArray(entry.messaging) ? entry.messaging : []) {
      if (!isJson(event)) continue;
      const message = isJson(event.message) ? event.message : undefined;
      if (message && typeof message.mid === "string") ids.push(message.mid);
      for (const attachment of Array.isArray(message?.attachments) ? message.attachments : []) {
        const url = isJson(attachment) && isJson(attachment.payload) ? attachment.payload.url : undefined;
        if (typeof url === "string") mediaIds.push(url);
      }
      for (const key of ["postback", "reaction", "read"]) {
        const inner = event[key];
        if (isJson(inner) && typeof inner.mid === "string") ids.push(inner.mid);
      }
      const delivery = event.delivery;
      if (isJson(delivery) && Array.isArray(delivery.mids)) {
        ids.push(...delivery.mids.filter((m): m is string => typeof m === "string"));
      }
    }
  }
  return { ids, mediaIds };
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
