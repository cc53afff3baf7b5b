import type { ConnectionEvents, InboundEvent, InboundMessage, MediaKind } from "../types.js";

/**
 * Cloud API webhook -> normalised events (channels.md, "WhatsApp Cloud API").
 * Pure: no I/O. Unknown shapes are skipped, never thrown, so one odd item in
 * a batch cannot block the rest.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

/** Seconds as a string (the Cloud API's format) to a Date; now when absent. */
function fromSeconds(v: unknown): Date {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

const STATUS_ACK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

export function parseCloudApiWebhook(payload: unknown): ConnectionEvents[] {
  const root = obj(payload);
  if (root.object !== "whatsapp_business_account") return [];
  const out: ConnectionEvents[] = [];
  for (const entry of arr(root.entry)) {
    for (const change of arr(obj(entry).changes)) {
      const { field, value } = obj(change);
      const v = obj(value);
      const accountId = str(obj(v.metadata).phone_number_id);
      if (field === "calls" && accountId) {
        // Cloud API calling (a business number taking WhatsApp calls) is not built: said in the log, not kept.
        const calls = arr(v.calls).length;
        out.push({
          channel: "whatsappapi",
          accountId,
          events: [],
          notices: [`ignored a calls webhook (${calls} call event(s)): Cloud API calls are not handled yet`],
        });
        continue;
      }
      if (field !== "messages") continue;
      if (!accountId) continue;
      const names = new Map<string, string>();
      for (const c of arr(v.contacts)) {
        const waId = str(obj(c).wa_id);
        const name = str(obj(obj(c).profile).name);
        if (waId && name) names.set(waId, name);
      }
      const events: InboundEvent[] = [];
      for (const m of arr(v.messages)) {
        const event = messageEvent(obj(m), names);
        if (event) events.push(event);
      }
      for (const s of arr(v.statuses)) {
        const status = obj(s);
        const id = str(status.id);
        const kind = str(status.status);
        if (!id || !kind) continue;
        if (kind === "failed") {
          const error = obj(arr(status.errors)[0]);
          events.push({
            kind: "ack",
            providerMessageId: id,
            ack: 0,
            error: {
              code: Number(error.code ?? 0),
              title: str(error.title) ?? str(error.message) ?? "failed",
            },
          });
        } else if (STATUS_ACK[kind]) {
          events.push({ kind: "ack", providerMessageId: id, ack: STATUS_ACK[kind] });
        }
      }
      if (events.length > 0) out.push({ channel: "whatsappapi", accountId, events });
    }
  }
  return out;
}

function messageEvent(m: Obj, names: Map<string, string>): InboundEvent | undefined {
  const from = str(m.from);
  const id = str(m.id);
  const type = str(m.type);
  if (!from || !id || !type) return undefined;
  const timestamp = fromSeconds(m.timestamp);
  const context = obj(m.context);
  const contact = { id: from, name: names.get(from) };

  if (type === "reaction") {
    const reaction = obj(m.reaction);
    const target = str(reaction.message_id);
    if (!target) return undefined;
    return {
      kind: "reaction",
      contact,
      fromMe: false,
      targetProviderMessageId: target,
      emoji: str(reaction.emoji) ?? "",
      timestamp,
    };
  }

  const base: InboundMessage = {
    providerMessageId: id,
    timestamp,
    fromMe: false,
    contact,
    body: "",
    mediaType: "chat",
    isForwarded: context.forwarded === true || context.frequently_forwarded === true,
    quotedProviderMessageId: str(context.id),
    extra: {
      // Click-to-WhatsApp ad (or post) the contact came from.
      ...(m.referral ? { referral: m.referral } : {}),
      // "Message business" on a catalogue product.
      ...(context.referred_product ? { product: context.referred_product } : {}),
    },
  };
  const content = obj(m[type]);
  switch (type) {
    case "text":
      return { kind: "message", message: { ...base, body: str(content.body) ?? "" } };
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker": {
      const kind: MediaKind = type === "document" ? "application" : type;
      return {
        kind: "message",
        message: {
          ...base,
          body: str(content.caption) ?? str(content.filename) ?? "",
          mediaType: kind,
          media: {
            providerMediaId: str(content.id),
            mimeType: str(content.mime_type),
            filename: str(content.filename),
          },
          extra: {
            ...base.extra,
            ...(content.voice === true ? { voice: true } : {}),
            ...(str(content.filename) ? { fileName: str(content.filename) } : {}),
          },
        },
      };
    }
    case "location":
      return {
        kind: "message",
        message: {
          ...base,
          body:
            [str(content.name), str(content.address)].filter(Boolean).join(" - ") ||
            `${content.latitude},${content.longitude}`,
          mediaType: "locationMessage",
          extra: { ...base.extra, location: content },
        },
      };
    case "contacts": {
      const cards = arr(m.contacts).map(obj);
      const body = cards
        .map((c) => str(obj(c.name).formatted_name) ?? "")
        .filter(Boolean)
        .join(", ");
      return {
        kind: "message",
        message: { ...base, body, mediaType: "contactMessage", extra: { ...base.extra, contacts: cards } },
      };
    }
    case "interactive": {
      const reply = obj(content.button_reply ?? content.list_reply);
      return {
        kind: "message",
        message: {
          ...base,
          body: str(reply.title) ?? "",
          mediaType: "interactive",
          extra: { ...base.extra, interactive: content },
        },
      };
    }
    case "button":
      return {
        kind: "message",
        message: {
          ...base,
          body: str(content.text) ?? str(content.payload) ?? "",
          mediaType: "interactive",
          extra: { ...base.extra, button: content },
        },
      };
    default: {
      // `unsupported` (Meta names the real type in `unsupported.type` and explains in `errors`),
      // `unknown`, or a type this parser does not know yet: keep what it was.
      const error = obj(arr(m.errors)[0]);
      const code = Number(error.code);
      return {
        kind: "message",
        message: {
          ...base,
          mediaType: "unsupported",
          extra: {
            ...base.extra,
            type,
            unsupported: {
              type: type === "unsupported" || type === "unknown" ? (str(content.type) ?? null) : type,
              code: Number.isFinite(code) && code > 0 ? code : null,
              title: str(error.title) ?? str(error.message) ?? null,
              details: str(obj(error.error_data).details) ?? str(error.details) ?? null,
            },
          },
        },
      };
    }
  }
}
