/**
 * The sim's HTTP server: the Graph API under `/{version}/`, media downloads,
 * the `/_sim/` control endpoints and the phone page at `/`.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { handleControl } from "./control.js";
import type { SimCore } from "./core.js";
import { errorBody, errors, unknownObject } from "./errors.js";
import {
  cloudMediaInfo,
  cloudMessages,
  cloudPhoneInfo,
  cloudUpload,
  fail,
  type GraphReply,
} from "./graph-cloud.js";
import { pageInfo, pageMessages, pageProfile } from "./graph-pages.js";
import { exchangeToken, subscribeApp, userAccounts } from "./graph-users.js";
import { BodyTooLargeError, bearerToken, parseBody, readBody, sendBytes, sendJson } from "./http-util.js";
import { PHONE_PAGE_HTML } from "./phone-page.js";
import { listTemplates } from "./templates.js";
import type { Account, SimGraphError } from "./types.js";

const HIDDEN_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

export function createGraphServer(core: SimCore): http.Server {
  const server = http.createServer((req, res) => {
    route(core, req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: { message: error.message, type: "OAuthException", code: 100 } });
        return;
      }
      sendJson(res, 500, errorBody(errors.generic));
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function route(core: SimCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sim.local");
  const path = url.pathname;
  if (path === "/" && req.method === "GET") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PHONE_PAGE_HTML);
    return;
  }
  if (path.startsWith("/_sim/")) return handleControl(core, req, res, url);
  if (path.startsWith("/_media/") && req.method === "GET") return publicMedia(core, res, path);
  if (path === "/whatsapp_business/attachments/" && req.method === "GET") {
    return cloudDownload(core, req, res, url);
  }
  const segments = path.split("/").filter(Boolean);
  if (segments[0] && /^v\d+\.\d+$/.test(segments[0])) {
    const reply = await graph(core, req, url, segments);
    sendJson(res, reply.status, reply.json);
    return;
  }
  sendJson(res, 404, { error: { message: `Unknown path ${path}`, type: "GraphMethodException", code: 100 } });
}

async function graph(core: SimCore, req: IncomingMessage, url: URL, segments: string[]): Promise<GraphReply> {
  const [version, id = "", edge, ...rest] = segments;
  if (version !== core.graphVersion) {
    return fail({
      httpStatus: 400,
      error: {
        message: `(#2635) meta-sim serves Graph API ${core.graphVersion} only; the request used ${version}.`,
        type: "OAuthException",
        code: 2635,
      },
    });
  }
  const method = req.method ?? "GET";
  // The token exchange authenticates with the app's credentials, not a bearer token.
  if (id === "oauth" && edge === "access_token" && rest.length === 0 && method === "GET") {
    return exchangeToken(core, url.searchParams);
  }
  const token = bearerToken(req, url.searchParams);
  const tokenAccounts = core.accountsForToken(token);
  if (rest.length > 0) return fail(unknownObject(id, method === "GET" ? "get" : "post"));

  if (method === "GET" && edge === "accounts") return userAccounts(core, id, token, url);
  if (method === "GET" && edge === "message_templates") {
    if (tokenAccounts.length === 0) return fail(errors.invalidToken);
    return listTemplates(core.templates, id, tokenAccounts, url.searchParams, unknownObject(id, "get"));
  }
  if (method === "POST" && edge === "subscribed_apps") {
    const body = parseBody(await readBody(req), req.headers["content-type"]) ?? {};
    const params = { ...Object.fromEntries(url.searchParams), ...body };
    return subscribeApp(core, id, token, params);
  }

  if (method === "POST" && (edge === "messages" || edge === "media")) {
    const raw = await readBody(req);
    const account = resolveAccount(core, id, tokenAccounts);
    if ("error" in account) {
      if (edge === "messages" && core.accounts.has(id))
        recordRefused(core, core.accounts.get(id)!, req, url, raw, account);
      return fail(account);
    }
    if (edge === "media") {
      if (account.channel !== "whatsappapi") return fail(unknownObject(`${id}/media`, "post"));
      return cloudUpload(core, account, raw, req.headers["content-type"] ?? "");
    }
    const request = { method, path: url.pathname, headers: visibleHeaders(req) };
    const body = parseBody(raw, req.headers["content-type"]);
    return account.channel === "whatsappapi"
      ? cloudMessages(core, account, request, body)
      : pageMessages(core, account, request, body);
  }

  if ((method === "GET" || method === "DELETE") && edge === undefined) {
    if (tokenAccounts.length === 0) return fail(errors.invalidToken);
    const media = core.media.get(id);
    if (media) {
      if (!tokenAccounts.some((account) => account.accountId === media.accountId)) {
        return fail(unknownObject(id, method === "GET" ? "get" : "post"));
      }
      return method === "GET" ? cloudMediaInfo(core, media) : { status: 200, json: { success: true } };
    }
    if (method === "DELETE") return fail(unknownObject(id, "post"));
    const own = tokenAccounts.find((account) => account.accountId === id);
    if (own) return own.channel === "whatsappapi" ? cloudPhoneInfo(own) : pageInfo(own);
    for (const account of tokenAccounts) {
      if (account.channel === "whatsappapi") continue;
      const profile = pageProfile(core, account, id, url.searchParams.get("fields"));
      if (profile.status === 200) return profile;
    }
    return fail(unknownObject(id, "get"));
  }
  return fail(unknownObject(id, method === "GET" ? "get" : "post"));
}

/** The account a send addresses; `/me` is the page (or IG account) the token belongs to. */
function resolveAccount(core: SimCore, id: string, tokenAccounts: Account[]): Account | SimGraphError {
  if (id === "me") {
    const pages = tokenAccounts.filter((account) => account.channel !== "whatsappapi");
    return pages.find((account) => account.channel === "facebook") ?? pages[0] ?? errors.invalidToken;
  }
  const account = core.accounts.get(id);
  if (account && tokenAccounts.includes(account)) return account;
  if (!account && tokenAccounts.length > 0) return unknownObject(id, "post");
  return errors.invalidToken;
}

/** Sends refused for their token are recorded too: tests assert what the server tried. */
function recordRefused(
  core: SimCore,
  account: Account,
  req: IncomingMessage,
  url: URL,
  raw: Buffer,
  error: SimGraphError,
): void {
  const body = parseBody(raw, req.headers["content-type"]) ?? {};
  const recipient =
    typeof body.to === "string" ? body.to : (body.recipient as { id?: string } | undefined)?.id;
  core.recordSend({
    accountId: account.accountId,
    channel: account.channel,
    method: req.method ?? "POST",
    path: url.pathname,
    headers: visibleHeaders(req),
    body,
    ...(typeof recipient === "string" ? { recipient } : {}),
    httpStatus: error.httpStatus,
    error: error.error,
    at: new Date(),
  });
}

function visibleHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (HIDDEN_HEADERS.has(name) || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** The URL from `GET /{media_id}`: bearer token of the owning account, within 5 minutes. */
function cloudDownload(core: SimCore, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const checked = core.media.checkSignedUrl(url.searchParams);
  if (checked === "invalid") {
    sendJson(res, 404, { error: { message: "Media URL not found", type: "OAuthException", code: 100 } });
    return;
  }
  if (checked === "expired") {
    sendJson(res, 404, {
      error: { message: "Media URL expired: fetch GET /{media-id} again", type: "OAuthException", code: 100 },
    });
    return;
  }
  const tokenAccounts = core.accountsForToken(bearerToken(req, new URLSearchParams()));
  if (!tokenAccounts.some((account) => account.accountId === checked.accountId)) {
    sendJson(res, 401, errorBody(errors.invalidToken));
    return;
  }
  sendBytes(res, 200, checked.bytes, checked.mimeType);
}

/** Messenger / Instagram attachment URLs: public, like Meta's CDN. */
function publicMedia(core: SimCore, res: ServerResponse, path: string): void {
  const id = path.split("/")[2] ?? "";
  const media = core.media.get(id);
  // Cloud API media is private: it is only reachable through GET /{media-id} and the signed URL.
  if (!media || core.accounts.get(media.accountId)?.channel === "whatsappapi") {
    sendJson(res, 404, { error: { message: "Not found", type: "OAuthException", code: 100 } });
    return;
  }
  sendBytes(res, 200, media.bytes, media.mimeType);
}
