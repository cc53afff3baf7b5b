/** Graph API endpoints of the WhatsApp Cloud API: messages, mark-as-read, media upload and lookup. */

import { cloudAudioRefusal } from "./audio-formats.js";
import type { SimCore } from "./core.js";
import { errorBody, invalidParameter, mediaUploadError } from "./errors.js";
import { isRecord } from "./http-util.js";
import { digits, wamid } from "./ids.js";
import type { StoredMedia } from "./media.js";
import { parseMultipart } from "./multipart.js";
import { checkTemplateSend, renderTemplate } from "./templates.js";
import type { Account, RecordedSend, SimGraphError } from "./types.js";

export interface GraphReply {
  status: number;
  json: unknown;
}

export interface SendRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

const MEDIA_TYPES = new Set(["image", "video", "audio", "document", "sticker"]);
const SEND_TYPES = new Set([
  ...MEDIA_TYPES,
  "text",
  "reaction",
  "template",
  "location",
  "contacts",
  "interactive",
]);
export const TEXT_LIMIT = 4096;

export function fail(error: SimGraphError): GraphReply {
  return { status: error.httpStatus, json: errorBody(error) };
}

/** `POST /{phone_number_id}/messages`: a send or a mark-as-read. */
export function cloudMessages(
  core: SimCore,
  account: Account,
  request: SendRequest,
  body: Record<string, unknown> | undefined,
): GraphReply {
  if (body?.status === "read") return markRead(core, account, body);
  const to = typeof body?.to === "string" ? body.to : undefined;
  const record = (reply: GraphReply, id?: string): GraphReply => {
    const send: RecordedSend = {
      accountId: account.accountId,
      channel: account.channel,
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: body ?? {},
      ...(to ? { recipient: digits(to) } : {}),
      ...(id ? { id } : {}),
      httpStatus: reply.status,
      ...(reply.status >= 400 ? { error: (reply.json as { error: SimGraphError["error"] }).error } : {}),
      at: new Date(),
    };
    core.recordSend(send);
    return reply;
  };
  if (!body) return record(fail(invalidParameter("Request body is not valid JSON")));
  const invalid = validateSend(core, account, body);
  if (invalid) return record(fail(invalid));
  const waId = digits(to ?? "");
  const injected = core.takeFailure(account.accountId, waId);
  if (injected) return record(fail(injected));
  const type = (body.type as string | undefined) ?? "text";
  const id = wamid(waId);
  const content = body[type] as Record<string, unknown>;
  const text =
    type === "template" ? renderTemplate(core.templates, account, content) : describe(type, content);
  core.afterSend(account, waId, id, type, text, mediaUrlOf(core, type, content));
  return record(
    {
      status: 200,
      json: {
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: waId }],
        messages: [{ id, ...(type === "template" ? { message_status: "accepted" } : {}) }],
      },
    },
    id,
  );
}

function markRead(core: SimCore, account: Account, body: Record<string, unknown>): GraphReply {
  if (body.messaging_product !== "whatsapp") {
    return fail(invalidParameter("The parameter messaging_product is required."));
  }
  if (typeof body.message_id !== "string" || body.message_id === "") {
    return fail(invalidParameter("The parameter message_id is required."));
  }
  core.reads.push({
    accountId: account.accountId,
    channel: account.channel,
    messageId: body.message_id,
    at: new Date(),
  });
  core.conversations.setStatus(body.message_id, "read");
  return { status: 200, json: { success: true } };
}

function validateSend(
  core: SimCore,
  account: Account,
  body: Record<string, unknown>,
): SimGraphError | undefined {
  if (body.messaging_product !== "whatsapp") {
    return invalidParameter("The parameter messaging_product is required.");
  }
  if (
    body.recipient_type !== undefined &&
    body.recipient_type !== "individual" &&
    body.recipient_type !== "group"
  ) {
    return invalidParameter("Param recipient_type must be one of {individual, group}.");
  }
  if (typeof body.to !== "string" || digits(body.to) === "")
    return invalidParameter("The parameter to is required.");
  const type = body.type ?? "text";
  if (typeof type !== "string" || !SEND_TYPES.has(type)) {
    return invalidParameter(`Param type must be one of {${[...SEND_TYPES].join(", ")}}.`);
  }
  const content = body[type];
  if (type === "contacts" ? !Array.isArray(content) || content.length === 0 : !isRecord(content)) {
    return invalidParameter(`The parameter ${type} is required.`);
  }
  if (body.context !== undefined) {
    if (!isRecord(body.context) || typeof body.context.message_id !== "string") {
      return invalidParameter("Param context['message_id'] is required.");
    }
  }
  if (!isRecord(content)) return undefined;
  switch (type) {
    case "text":
      if (typeof content.body !== "string" || content.body.trim() === "") {
        return invalidParameter("The parameter text['body'] is required.");
      }
      if (content.body.length > TEXT_LIMIT) {
        return invalidParameter(`Param text['body'] must be at most ${TEXT_LIMIT} characters long.`);
      }
      return undefined;
    case "reaction":
      if (typeof content.message_id !== "string" || content.message_id === "") {
        return invalidParameter("The parameter reaction['message_id'] is required.");
      }
      if (typeof content.emoji !== "string")
        return invalidParameter("The parameter reaction['emoji'] is required.");
      return undefined;
    case "template": {
      const language = isRecord(content.language) ? content.language.code : undefined;
      if (typeof content.name !== "string" || typeof language !== "string") {
        return invalidParameter("Template name and language['code'] are required.");
      }
      return checkTemplateSend(core.templates, account, content);
    }
    default:
      return MEDIA_TYPES.has(type) ? validateMedia(core, account, type, content) : undefined;
  }
}

function validateMedia(
  core: SimCore,
  account: Account,
  type: string,
  content: Record<string, unknown>,
): SimGraphError | undefined {
  const hasId = typeof content.id === "string" && content.id !== "";
  const hasLink = typeof content.link === "string" && content.link !== "";
  if (hasId === hasLink) return invalidParameter(`Param ${type} must have exactly one of id or link.`);
  if (hasLink && !/^https?:\/\//.test(content.link as string)) {
    return invalidParameter(`Param ${type}['link'] is not a valid URL.`);
  }
  if (hasId) {
    const media = core.media.get(content.id as string);
    if (!media || media.accountId !== account.accountId) {
      return invalidParameter(`Param ${type}['id'] is not a valid media id.`);
    }
  }
  if (content.caption !== undefined && !["image", "video", "document"].includes(type)) {
    return invalidParameter(`Param ${type}['caption'] is not valid for this type.`);
  }
  if (content.filename !== undefined && type !== "document") {
    return invalidParameter(`Param ${type}['filename'] is not valid for this type.`);
  }
  return undefined;
}

function describe(type: string, content: Record<string, unknown> | unknown[]): string {
  if (Array.isArray(content)) return "[contact card]";
  if (type === "text") return String(content.body);
  if (type === "reaction") return `[reaction ${String(content.emoji) || "removed"}]`;
  if (type === "template") return `[template ${String(content.name)}]`;
  if (typeof content.caption === "string") return content.caption;
  return `[${type}${typeof content.filename === "string" ? ` ${content.filename}` : ""}]`;
}

function mediaUrlOf(core: SimCore, type: string, content: Record<string, unknown>): string | undefined {
  if (!MEDIA_TYPES.has(type)) return undefined;
  if (typeof content.link === "string") return content.link;
  return typeof content.id === "string" ? `${core.baseUrl}/_sim/media/${content.id}` : undefined;
}

/** `POST /{phone_number_id}/media` (multipart `messaging_product`, `file`, `type`). */
export function cloudUpload(core: SimCore, account: Account, raw: Buffer, contentType: string): GraphReply {
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return fail(invalidParameter("Media upload must be multipart/form-data."));
  }
  const parts = parseMultipart(raw, contentType);
  if (!parts) return fail(invalidParameter("Malformed multipart body."));
  const field = (name: string) => parts.find((part) => part.name === name);
  if (field("messaging_product")?.data.toString("utf8") !== "whatsapp") {
    return fail(invalidParameter("The parameter messaging_product is required."));
  }
  const file = field("file");
  if (!file || file.data.length === 0) return fail(invalidParameter("The parameter file is required."));
  const mimeType = field("type")?.data.toString("utf8") || file.contentType || "application/octet-stream";
  const refusal = cloudAudioRefusal(mimeType, file.data);
  if (refusal) return fail(mediaUploadError(refusal));
  const kind = mimeType.split("/")[0] ?? "document";
  const stored = core.media.put(account.accountId, kind, {
    bytes: file.data,
    mimeType,
    ...(file.filename ? { filename: file.filename } : {}),
  });
  core.uploads.push({
    accountId: account.accountId,
    id: stored.id,
    mimeType,
    ...(file.filename ? { filename: file.filename } : {}),
    size: stored.bytes.length,
    sha256: stored.sha256,
    type: mimeType,
    at: new Date(),
  });
  return { status: 200, json: { id: stored.id } };
}

/** `GET /{media_id}`: metadata and a download URL valid for 5 minutes. */
export function cloudMediaInfo(core: SimCore, media: StoredMedia): GraphReply {
  return {
    status: 200,
    json: {
      messaging_product: "whatsapp",
      url: core.media.signedUrl(core.baseUrl, media),
      mime_type: media.mimeType,
      sha256: media.sha256,
      file_size: media.bytes.length,
      id: media.id,
    },
  };
}

/** `GET /{phone_number_id}`: the number's profile, as Graph describes a phone number node. */
export function cloudPhoneInfo(account: Account): GraphReply {
  return {
    status: 200,
    json: {
      verified_name: account.name,
      display_phone_number: account.displayPhoneNumber,
      id: account.accountId,
      quality_rating: "GREEN",
      code_verification_status: "VERIFIED",
    },
  };
}
