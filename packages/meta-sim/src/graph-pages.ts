/** Graph API endpoints of Messenger and Instagram: sends, sender actions and profiles. */

import { pageAudioAccepted } from "./audio-formats.js";
import { contactKey, type SimCore } from "./core.js";
import { unknownObject, uploadAttachmentFailure } from "./errors.js";
import { fail, type GraphReply, type SendRequest } from "./graph-cloud.js";
import { isRecord } from "./http-util.js";
import { mid } from "./ids.js";
import type { Account, RecordedSend, SimGraphError } from "./types.js";

export const MESSENGER_TEXT_LIMIT = 2000;
export const INSTAGRAM_TEXT_LIMIT_BYTES = 1000;
const MESSAGING_TYPES = new Set(["RESPONSE", "UPDATE", "MESSAGE_TAG"]);
const TAGS = new Set(["HUMAN_AGENT", "CONFIRMED_EVENT_UPDATE", "POST_PURCHASE_UPDATE", "ACCOUNT_UPDATE"]);
const ATTACHMENT_TYPES = new Set(["image", "video", "audio", "file"]);

function pageError(message: string): SimGraphError {
  return { httpStatus: 400, error: { message: `(#100) ${message}`, type: "OAuthException", code: 100 } };
}

/** `POST /{PAGE_ID|IG_ID|me}/messages`. */
export function pageMessages(
  core: SimCore,
  account: Account,
  request: SendRequest,
  body: Record<string, unknown> | undefined,
): GraphReply {
  if (!body) return fail(pageError("Request body is not valid JSON"));
  const recipient =
    isRecord(body.recipient) && typeof body.recipient.id === "string" ? body.recipient.id : undefined;
  if (!recipient) return fail(pageError("The parameter recipient is required"));
  if (body.sender_action !== undefined) return senderAction(core, account, request, body, recipient);

  const record = (reply: GraphReply, id?: string): GraphReply => {
    const send: RecordedSend = {
      accountId: account.accountId,
      channel: account.channel,
      method: request.method,
      path: request.path,
      headers: request.headers,
      body,
      recipient,
      ...(id ? { id } : {}),
      httpStatus: reply.status,
      ...(reply.status >= 400 ? { error: (reply.json as { error: SimGraphError["error"] }).error } : {}),
      at: new Date(),
    };
    core.recordSend(send);
    return reply;
  };
  const invalid = validateMessage(account, body) ?? refusedAudio(account, body);
  if (invalid) return record(fail(invalid));
  const injected = core.takeFailure(account.accountId, recipient);
  if (injected) return record(fail(injected));

  const message = body.message as Record<string, unknown>;
  const id = mid();
  const attachment = isRecord(message.attachment) ? message.attachment : undefined;
  const url = attachment && isRecord(attachment.payload) ? attachment.payload.url : undefined;
  const text =
    typeof message.text === "string" ? message.text : `[${String(attachment?.type ?? "attachment")}]`;
  core.afterSend(
    account,
    recipient,
    id,
    attachment ? String(attachment.type) : "text",
    text,
    typeof url === "string" ? url : undefined,
  );
  return record({ status: 200, json: { recipient_id: recipient, message_id: id } }, id);
}

function validateMessage(account: Account, body: Record<string, unknown>): SimGraphError | undefined {
  const messagingType = body.messaging_type;
  if (account.channel === "facebook" && messagingType === undefined) {
    return pageError("The parameter messaging_type is required");
  }
  if (
    messagingType !== undefined &&
    (typeof messagingType !== "string" || !MESSAGING_TYPES.has(messagingType))
  ) {
    return pageError("Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}");
  }
  if (messagingType === "MESSAGE_TAG" && (typeof body.tag !== "string" || !TAGS.has(body.tag))) {
    return pageError("Param tag must be a valid message tag when messaging_type is MESSAGE_TAG");
  }
  const message = body.message;
  if (!isRecord(message)) return pageError("The parameter message is required");
  const hasText = message.text !== undefined;
  const hasAttachment = message.attachment !== undefined;
  if (hasText === hasAttachment)
    return pageError("Param message must contain exactly one of text or attachment");
  if (hasText) {
    if (typeof message.text !== "string" || message.text === "")
      return pageError("Param message[text] must be a non-empty string");
    if (
      account.channel === "instagram" &&
      Buffer.byteLength(message.text, "utf8") > INSTAGRAM_TEXT_LIMIT_BYTES
    ) {
      return pageError(`Param message[text] must be at most ${INSTAGRAM_TEXT_LIMIT_BYTES} bytes`);
    }
    if (account.channel === "facebook" && message.text.length > MESSENGER_TEXT_LIMIT) {
      return pageError(`Param message[text] must be at most ${MESSENGER_TEXT_LIMIT} characters`);
    }
    return undefined;
  }
  const attachment = message.attachment;
  if (!isRecord(attachment) || typeof attachment.type !== "string") {
    return pageError("Param message[attachment][type] is required");
  }
  const allowed = account.channel === "facebook" ? [...ATTACHMENT_TYPES, "template"] : [...ATTACHMENT_TYPES];
  if (!allowed.includes(attachment.type))
    return pageError(`Param message[attachment][type] must be one of {${allowed.join(", ")}}`);
  const payload = attachment.payload;
  if (!isRecord(payload)) return pageError("Param message[attachment][payload] is required");
  if (
    attachment.type !== "template" &&
    typeof payload.url !== "string" &&
    typeof payload.attachment_id !== "string"
  ) {
    return pageError("Param message[attachment][payload][url] is required");
  }
  if (typeof payload.url === "string" && !/^https?:\/\//.test(payload.url)) {
    return pageError("Param message[attachment][payload][url] is not a valid URL");
  }
  return undefined;
}

/** An audio attachment whose URL names a format the channel does not take (Meta fetches it, then refuses). */
function refusedAudio(account: Account, body: Record<string, unknown>): SimGraphError | undefined {
  const message = body.message as Record<string, unknown>;
  const attachment = isRecord(message.attachment) ? message.attachment : undefined;
  if (attachment?.type !== "audio" || !isRecord(attachment.payload)) return undefined;
  const url = attachment.payload.url;
  if (typeof url !== "string" || account.channel === "whatsappapi") return undefined;
  return pageAudioAccepted(account.channel, url) ? undefined : uploadAttachmentFailure();
}

/** `sender_action`: mark_seen, typing_on/off, react/unreact. Answers `{ recipient_id }`. */
function senderAction(
  core: SimCore,
  account: Account,
  request: SendRequest,
  body: Record<string, unknown>,
  recipient: string,
): GraphReply {
  const action = body.sender_action;
  if (action === "mark_seen") {
    core.reads.push({ accountId: account.accountId, channel: account.channel, recipient, at: new Date() });
    core.conversations.setStatusUpTo(account.accountId, contactKey(recipient), "in", Date.now(), "read");
    return { status: 200, json: { recipient_id: recipient } };
  }
  if (action === "typing_on" || action === "typing_off")
    return { status: 200, json: { recipient_id: recipient } };
  if (action !== "react" && action !== "unreact") {
    return fail(
      pageError("Param sender_action must be one of {mark_seen, typing_on, typing_off, react, unreact}"),
    );
  }
  const payload = isRecord(body.payload) ? body.payload : undefined;
  let error: SimGraphError | undefined;
  if (typeof payload?.message_id !== "string") error = pageError("Param payload[message_id] is required");
  else if (action === "react" && (typeof payload.reaction !== "string" || payload.reaction === "")) {
    error = pageError("Param payload[reaction] is required");
  }
  error ??= core.takeFailure(account.accountId, recipient);
  const reply = error ? fail(error) : { status: 200, json: { recipient_id: recipient } };
  core.recordSend({
    accountId: account.accountId,
    channel: account.channel,
    method: request.method,
    path: request.path,
    headers: request.headers,
    body,
    recipient,
    httpStatus: reply.status,
    ...(error ? { error: error.error } : {}),
    at: new Date(),
  });
  if (!error) {
    const label = action === "react" ? String(payload?.reaction) : "removed";
    core.conversations.add(account.accountId, contactKey(recipient), {
      direction: "out",
      type: "reaction",
      text: `[reaction ${label}]`,
      status: "sent",
    });
  }
  return reply;
}

/** `GET /{PSID|IGSID}?fields=...`: the profile the inbound builders remembered. */
export function pageProfile(
  core: SimCore,
  account: Account,
  userId: string,
  fields: string | null,
): GraphReply {
  const name = core.conversations.name(account.accountId, contactKey(userId));
  if (!name) return fail(unknownObject(userId, "get"));
  const [first = name, ...rest] = name.split(" ");
  const known: Record<string, string> = {
    id: userId,
    name,
    first_name: first,
    last_name: rest.join(" "),
    username: name.toLowerCase().replace(/[^a-z0-9]+/g, "."),
    profile_pic: `${core.baseUrl}/_sim/avatar/${encodeURIComponent(userId)}.png`,
  };
  const wanted = (fields ?? (account.channel === "instagram" ? "name,username" : "first_name,last_name"))
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  const out: Record<string, string> = {};
  for (const field of wanted) if (known[field] !== undefined) out[field] = known[field];
  out.id = userId;
  return { status: 200, json: out };
}

/** `GET /{PAGE_ID|IG_ID}`. */
export function pageInfo(account: Account): GraphReply {
  return {
    status: 200,
    json:
      account.channel === "instagram"
        ? {
            id: account.accountId,
            username: account.name.toLowerCase().replace(/\s+/g, "_"),
            name: account.name,
          }
        : { id: account.accountId, name: account.name },
  };
}
