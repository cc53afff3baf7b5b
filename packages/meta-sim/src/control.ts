/**
 * `/_sim/...` JSON control endpoints: the HTTP twin of the programmatic API,
 * for Playwright tests, scripts and the phone page. Unauthenticated: the sim
 * is a local test tool.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import type { CloudLayout } from "./cloud-api.js";
import { type AnyEventSpec, contactKey, type SimCore, SimUsageError } from "./core.js";
import { resolveError } from "./errors.js";
import { isRecord, parseBody, readBody, sendBytes, sendJson } from "./http-util.js";
import { defaultMedia } from "./media.js";
import { readAll } from "./status-playback.js";
import type { TemplateInput } from "./templates.js";
import type {
  Account,
  AccountInput,
  FacebookPageInput,
  FacebookUser,
  FacebookUserInput,
  RecordedDelivery,
  RecordedSend,
  SimChannel,
} from "./types.js";
import { verifyWebhook } from "./webhooks.js";

type Json = Record<string, unknown>;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CHANNELS: SimChannel[] = ["whatsappapi", "facebook", "instagram"];

export async function handleControl(
  core: SimCore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const name = url.pathname.slice("/_sim/".length);
    const query = url.searchParams;
    if (req.method === "GET") return await getRoute(core, res, name, query);
    if (req.method !== "POST") throw new ControlError(405, "method not allowed");
    const body = parseBody(await readBody(req, 16 * 1024 * 1024), "application/json");
    if (!body) throw new ControlError(400, "body must be a JSON object");
    sendJson(res, 200, await postRoute(core, name, body));
  } catch (error) {
    if (error instanceof ControlError) sendJson(res, error.status, { error: error.message });
    else if (error instanceof SimUsageError) sendJson(res, 400, { error: error.message });
    else sendJson(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}

async function getRoute(
  core: SimCore,
  res: ServerResponse,
  name: string,
  query: URLSearchParams,
): Promise<void> {
  const account = query.get("account") ?? undefined;
  const contact = query.get("contact") ?? undefined;
  switch (name) {
    case "health":
      return sendJson(res, 200, { ok: true, url: core.baseUrl, graphVersion: core.graphVersion });
    case "accounts":
      return sendJson(res, 200, { accounts: [...core.accounts.values()].map(publicAccount) });
    case "sent": {
      const to = query.get("to");
      const sends = core.sent.filter(
        (send) => (!account || send.accountId === account) && (!to || send.recipient === contactKey(to)),
      );
      return sendJson(res, 200, { sent: sends });
    }
    case "users":
      return sendJson(res, 200, { users: [...core.users.values()].map(publicUser) });
    case "subscriptions": {
      const page = query.get("page");
      return sendJson(res, 200, {
        subscriptions: core.subscriptions.filter((s) => !page || s.pageId === page),
      });
    }
    case "uploads":
      return sendJson(res, 200, { uploads: core.uploads.filter((u) => !account || u.accountId === account) });
    case "reads":
      return sendJson(res, 200, { reads: core.reads.filter((r) => !account || r.accountId === account) });
    case "deliveries":
      return sendJson(res, 200, {
        deliveries: core.webhooks.deliveries
          .filter((d) => !account || d.accountId === account)
          .map(deliveryJson),
      });
    case "conversations": {
      if (!account) throw new ControlError(400, "account is required");
      if (!contact) return sendJson(res, 200, { account, contacts: core.conversations.contacts(account) });
      const key = contactKey(contact);
      return sendJson(res, 200, {
        account,
        contact: key,
        name: core.conversations.name(account, key) ?? null,
        items: core.conversations.list(account, key, Number(query.get("since") ?? 0)),
      });
    }
    case "wait": {
      const to = query.get("to");
      const text = query.get("text");
      const predicate = (send: RecordedSend) =>
        (!account || send.accountId === account) &&
        (!to || send.recipient === contactKey(to)) &&
        (!text || JSON.stringify(send.body).includes(text));
      try {
        const send = await core.waitFor(predicate, Number(query.get("timeoutMs") ?? 5000));
        return sendJson(res, 200, { send });
      } catch (error) {
        throw new ControlError(408, error instanceof Error ? error.message : "timeout");
      }
    }
    default:
      break;
  }
  const media = /^media\/([^/]+)$/.exec(name);
  if (media) {
    const stored = core.media.get(media[1] ?? "");
    if (!stored) throw new ControlError(404, "unknown media");
    return sendBytes(res, 200, stored.bytes, stored.mimeType);
  }
  if (name.startsWith("avatar/")) {
    const png = defaultMedia("image");
    return sendBytes(res, 200, png.bytes, png.mimeType);
  }
  throw new ControlError(404, `unknown control endpoint GET /_sim/${name}`);
}

async function postRoute(core: SimCore, name: string, body: Json): Promise<unknown> {
  switch (name) {
    case "accounts":
      return { account: publicAccount(core.registerAccount(accountInput(body))) };
    case "users":
      return { user: publicUser(core.registerUser(userInput(body))) };
    case "verify": {
      const account = accountOf(core, body);
      const token = typeof body.verifyToken === "string" ? body.verifyToken : account.verifyToken;
      if (token === undefined) throw new ControlError(400, "verifyToken is required (none registered)");
      return verifyWebhook(account.webhookUrl, token);
    }
    case "inbound": {
      const account = accountOf(core, body);
      const { accountId: _ignored, ...spec } = body;
      return core.emit(account.accountId, [eventSpec(spec)]);
    }
    case "batch": {
      const account = accountOf(core, body);
      if (!Array.isArray(body.events) || body.events.length === 0)
        throw new ControlError(400, "events[] is required");
      const layout = body.layout as CloudLayout | undefined;
      return core.emit(account.accountId, body.events.map(eventSpec), layout ? { layout } : {});
    }
    case "status": {
      const account = accountOf(core, body);
      const { accountId: _ignored, ...spec } = body;
      return core.emit(account.accountId, [eventSpec({ ...spec, type: "status" })]);
    }
    case "deliver": {
      const account = accountOf(core, body);
      const sign = body.sign === "tamper" ? "tamper" : body.sign !== false;
      return core.deliverRaw(account.accountId, body.raw ?? body.payload, {
        sign,
        ...(typeof body.signature === "string" ? { signature: body.signature } : {}),
      });
    }
    case "redeliver":
      if (typeof body.deliveryId !== "string" || !core.webhooks.get(body.deliveryId)) {
        throw new ControlError(404, "unknown deliveryId");
      }
      return core.redeliver(body.deliveryId);
    case "read": {
      const account = accountOf(core, body);
      if (typeof body.contact !== "string") throw new ControlError(400, "contact is required");
      return { delivery: (await readAll(core, account.accountId, body.contact)) ?? null };
    }
    case "fail-next": {
      const account = accountOf(core, body);
      core.failNextSend(account.accountId, errorOf(body.error));
      return { ok: true };
    }
    case "fail-to":
      if (typeof body.recipient !== "string") throw new ControlError(400, "recipient is required");
      core.failSendsTo(body.recipient, body.error === null ? null : errorOf(body.error));
      return { ok: true };
    case "auto-statuses": {
      const account = accountOf(core, body);
      core.setAutoStatuses(account.accountId, isRecord(body.options) ? body.options : false);
      return { ok: true };
    }
    case "templates": {
      const account = accountOf(core, body);
      if (!Array.isArray(body.templates)) throw new ControlError(400, "templates[] is required");
      return { templates: core.templates.set(account.wabaId, body.templates as TemplateInput[]) };
    }
    case "clear":
      core.clear();
      return { ok: true };
    default:
      throw new ControlError(404, `unknown control endpoint POST /_sim/${name}`);
  }
}

function accountOf(core: SimCore, body: Json): Account {
  const id = body.accountId;
  if (typeof id !== "string") throw new ControlError(400, "accountId is required");
  const account = core.accounts.get(id);
  if (!account) throw new ControlError(404, `unknown account ${id}`);
  return account;
}

function accountInput(body: Json): AccountInput {
  for (const key of ["accountId", "accessToken", "appSecret", "webhookUrl"]) {
    if (typeof body[key] !== "string" || body[key] === "") throw new ControlError(400, `${key} is required`);
  }
  if (!CHANNELS.includes(body.channel as SimChannel)) {
    throw new ControlError(400, `channel must be one of ${CHANNELS.join(", ")}`);
  }
  const optional = (key: string) => (typeof body[key] === "string" ? { [key]: body[key] as string } : {});
  return {
    channel: body.channel as SimChannel,
    accountId: body.accountId as string,
    accessToken: body.accessToken as string,
    appSecret: body.appSecret as string,
    webhookUrl: body.webhookUrl as string,
    ...optional("verifyToken"),
    ...optional("displayPhoneNumber"),
    ...optional("wabaId"),
    ...optional("name"),
  };
}

const text = (value: unknown): value is string => typeof value === "string" && value !== "";

function userInput(body: Json): FacebookUserInput {
  if (!text(body.userId) || !text(body.accessToken)) {
    throw new ControlError(400, "userId and accessToken are required");
  }
  if (!Array.isArray(body.pages)) throw new ControlError(400, "pages[] is required");
  const pages = body.pages.map((page): FacebookPageInput => {
    if (!isRecord(page) || !text(page.id) || !text(page.name) || !text(page.accessToken)) {
      throw new ControlError(400, "every page needs id, name and accessToken");
    }
    const ig = page.instagram;
    if (ig !== undefined && (!isRecord(ig) || !text(ig.id) || !text(ig.username))) {
      throw new ControlError(400, "instagram needs id and username");
    }
    return {
      id: page.id,
      name: page.name,
      accessToken: page.accessToken,
      ...(text(page.category) ? { category: page.category } : {}),
      ...(isRecord(ig)
        ? {
            instagram: {
              id: ig.id as string,
              username: ig.username as string,
              ...(text(ig.name) ? { name: ig.name } : {}),
              ...(text(ig.profilePictureUrl) ? { profilePictureUrl: ig.profilePictureUrl } : {}),
            },
          }
        : {}),
    };
  });
  return {
    userId: body.userId,
    accessToken: body.accessToken,
    ...(text(body.name) ? { name: body.name } : {}),
    pages,
  };
}

/** A user and their pages without any token. */
function publicUser(user: FacebookUser) {
  return {
    userId: user.userId,
    name: user.name,
    pages: user.pages.map(({ accessToken: _token, ...page }) => page),
  };
}

/** A JSON event spec; `media: { base64, mimeType, filename }` becomes bytes. */
function eventSpec(input: unknown): AnyEventSpec {
  if (!isRecord(input) || typeof input.type !== "string")
    throw new ControlError(400, "event type is required");
  const spec: Json = { ...input };
  if (isRecord(input.media)) {
    const { base64, ...rest } = input.media;
    spec.media = { ...rest, ...(typeof base64 === "string" ? { bytes: Buffer.from(base64, "base64") } : {}) };
  }
  if (input.type !== "status" && typeof input.from !== "string")
    throw new ControlError(400, "from is required");
  // `errors`: an array as Meta sends it, or a preset name / Graph error to convert.
  if (typeof input.errors === "string" || isRecord(input.errors)) spec.errors = errorOf(input.errors);
  return spec as unknown as AnyEventSpec;
}

function errorOf(input: unknown) {
  const error = resolveError(input);
  if (!error)
    throw new ControlError(400, "error must be a preset name or { httpStatus, error: { code, ... } }");
  return error;
}

function publicAccount(account: Account) {
  const { accessToken: _token, appSecret: _secret, verifyToken: _verify, ...rest } = account;
  return rest;
}

function deliveryJson(delivery: RecordedDelivery) {
  const { raw, ...rest } = delivery;
  return { ...rest, body: raw.toString("utf8") };
}
