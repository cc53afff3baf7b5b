/**
 * Graph API endpoints behind Facebook Login: the long-lived token exchange,
 * the pages a user manages (`/{user-id}/accounts`) and a page's app
 * subscription (`POST /{page-id}/subscribed_apps`).
 */
import type { SimCore } from "./core.js";
import { errors, unknownObject } from "./errors.js";
import { fail, type GraphReply } from "./graph-cloud.js";
import type { FacebookPageInput, FacebookUser, SimGraphError } from "./types.js";

/** What Graph answers `/{user}/accounts` without `fields`. */
const DEFAULT_PAGE_FIELDS = "access_token,category,name,id,tasks";
const PAGE_FIELDS = new Set([
  "id",
  "name",
  "access_token",
  "category",
  "tasks",
  "instagram_business_account",
]);
const INSTAGRAM_FIELDS = new Set(["id", "username", "name", "profile_picture_url"]);
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
/** Page webhook fields an app may subscribe a page to (the messaging ones and a few others). */
export const PAGE_WEBHOOK_FIELDS = new Set([
  "messages",
  "messaging_postbacks",
  "messaging_optins",
  "message_deliveries",
  "message_reads",
  "message_echoes",
  "message_reactions",
  "messaging_referrals",
  "messaging_handovers",
  "messaging_policy_enforcement",
  "messaging_account_linking",
  "messaging_feedback",
  "standby",
  "inbox_labels",
  "feed",
  "mention",
]);
/** Lifetime Graph gives a long-lived user token (about 60 days), in seconds. */
const LONG_LIVED_SECONDS = 5_183_944;

function graphError(code: number, message: string, httpStatus = 400): SimGraphError {
  return { httpStatus, error: { message, type: "OAuthException", code } };
}

interface Field {
  name: string;
  sub?: Field[];
}

/** `name,instagram_business_account{id,username}` -> fields with their nested fields. */
export function parseFields(spec: string): Field[] {
  const fields: Field[] = [];
  let depth = 0;
  let start = 0;
  const push = (part: string) => {
    const trimmed = part.trim();
    if (!trimmed) return;
    const open = trimmed.indexOf("{");
    if (open === -1 || !trimmed.endsWith("}")) fields.push({ name: trimmed });
    else fields.push({ name: trimmed.slice(0, open).trim(), sub: parseFields(trimmed.slice(open + 1, -1)) });
  };
  for (let i = 0; i < spec.length; i += 1) {
    if (spec[i] === "{") depth += 1;
    else if (spec[i] === "}") depth -= 1;
    else if (spec[i] === "," && depth === 0) {
      push(spec.slice(start, i));
      start = i + 1;
    }
  }
  push(spec.slice(start));
  return fields;
}

const nonexistingField = (field: string, node: string) =>
  graphError(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`);

/** `GET /oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token`. */
export function exchangeToken(core: SimCore, query: URLSearchParams): GraphReply {
  if (!query.get("client_id")) return fail(graphError(101, "Missing client_id parameter."));
  if (!query.get("client_secret")) return fail(graphError(101, "Missing client_secret parameter."));
  if (query.get("grant_type") !== "fb_exchange_token") {
    return fail(graphError(100, "(#100) Param grant_type must be fb_exchange_token"));
  }
  const user = core.userForToken(query.get("fb_exchange_token") ?? undefined);
  if (!user) return fail(errors.invalidToken);
  const longLived = `${user.accessToken}-long`;
  core.userTokens.set(longLived, user.userId);
  return {
    status: 200,
    json: { access_token: longLived, token_type: "bearer", expires_in: LONG_LIVED_SECONDS },
  };
}

/** `GET /{user-id|me}/accounts?fields=...&limit=&after=`: the pages the token's user manages, in pages. */
export function userAccounts(core: SimCore, id: string, token: string | undefined, url: URL): GraphReply {
  const user = core.userForToken(token);
  if (!user) {
    if (core.pageForToken(token) || core.accountsForToken(token).length > 0) {
      return fail(nonexistingField("accounts", "Page"));
    }
    return fail(errors.invalidToken);
  }
  if (id !== "me" && id !== user.userId) return fail(unknownObject(id, "get"));
  const fields = parseFields(url.searchParams.get("fields") || DEFAULT_PAGE_FIELDS);
  for (const field of fields) {
    if (!PAGE_FIELDS.has(field.name)) return fail(nonexistingField(field.name, "Page"));
    for (const sub of field.sub ?? []) {
      if (!INSTAGRAM_FIELDS.has(sub.name)) return fail(nonexistingField(sub.name, "IGUser"));
    }
  }
  const limit = Math.min(Number(url.searchParams.get("limit")) || DEFAULT_LIMIT, MAX_LIMIT);
  const after = url.searchParams.get("after");
  const start = after ? decodeCursor(after) + 1 : 0;
  if (Number.isNaN(start)) return fail(graphError(100, "(#100) Invalid cursor"));
  const slice = user.pages.slice(start, start + limit);
  const data = slice.map((page) => pageJson(core, page, fields));
  const paging: Record<string, unknown> = {};
  if (slice.length > 0) {
    paging.cursors = { before: encodeCursor(start), after: encodeCursor(start + slice.length - 1) };
  }
  if (start + slice.length < user.pages.length) {
    paging.next = nextUrl(core, user, url, encodeCursor(start + slice.length - 1), limit, token ?? "");
  }
  return { status: 200, json: { data, paging } };
}

function pageJson(core: SimCore, page: FacebookPageInput, fields: Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.name === "instagram_business_account") {
      const ig = page.instagram;
      if (!ig) continue;
      const known: Record<string, string> = {
        id: ig.id,
        username: ig.username,
        name: ig.name ?? ig.username,
        profile_picture_url:
          ig.profilePictureUrl ?? `${core.baseUrl}/_sim/avatar/${encodeURIComponent(ig.id)}.png`,
      };
      const wanted = field.sub?.map((sub) => sub.name) ?? ["id"];
      out.instagram_business_account = Object.fromEntries(
        [...new Set(["id", ...wanted])].map((name) => [name, known[name]]),
      );
    } else if (field.name === "tasks") {
      out.tasks = ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"];
    } else {
      const known: Record<string, string> = {
        id: page.id,
        name: page.name,
        access_token: page.accessToken,
        category: page.category ?? "Business",
      };
      out[field.name] = known[field.name];
    }
  }
  out.id = page.id;
  return out;
}

function encodeCursor(index: number): string {
  return Buffer.from(`sim:${index}`).toString("base64url");
}

function decodeCursor(cursor: string): number {
  const match = /^sim:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : Number.NaN;
}

/** Like Graph, `next` is absolute and carries the access token. */
function nextUrl(
  core: SimCore,
  user: FacebookUser,
  url: URL,
  after: string,
  limit: number,
  token: string,
): string {
  const next = new URL(`${core.baseUrl}/${core.graphVersion}/${user.userId}/accounts`);
  next.searchParams.set("access_token", token);
  const fields = url.searchParams.get("fields");
  if (fields) next.searchParams.set("fields", fields);
  next.searchParams.set("limit", String(limit));
  next.searchParams.set("after", after);
  return next.toString();
}

/**
 * `POST /{page-id}/subscribed_apps` with the page's own token and
 * `subscribed_fields` (a comma-separated string or an array).
 */
export function subscribeApp(
  core: SimCore,
  pageId: string,
  token: string | undefined,
  params: Record<string, unknown>,
): GraphReply {
  const page = core.pageForToken(token);
  const account = core
    .accountsForToken(token)
    .find((a) => a.accountId === pageId && a.channel === "facebook");
  if (page?.id !== pageId && !account) {
    if (core.userForToken(token)) {
      return fail(graphError(210, "(#210) This call requires a Page access token."));
    }
    if (!page && core.accountsForToken(token).length === 0) return fail(errors.invalidToken);
    return fail(unknownObject(pageId, "post"));
  }
  const raw = params.subscribed_fields;
  const fields = (Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : [])
    .map((field) => String(field).trim())
    .filter(Boolean);
  if (fields.length === 0)
    return fail(graphError(100, "(#100) The parameter subscribed_fields is required."));
  const unknown = fields.find((field) => !PAGE_WEBHOOK_FIELDS.has(field));
  if (unknown) {
    return fail(
      graphError(
        100,
        `(#100) Param subscribed_fields must be one of {${[...PAGE_WEBHOOK_FIELDS].join(", ")}} - got "${unknown}".`,
      ),
    );
  }
  core.subscriptions.push({ pageId, fields, at: new Date() });
  return { status: 200, json: { success: true } };
}
