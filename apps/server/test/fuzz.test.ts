import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { settings } from "../src/db/schema/index.js";
import { buildAdmin, buildTeam, login, type Session, unique } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";
import { buildWorld, png, type World } from "./world.js";

/**
 * Every route, its cases generated from its own zod schemas (params,
 * querystring, body, as JSON Schema): valid values, real ids of a company
 * with data, and mutations (wrong types, missing fields, huge strings, odd
 * unicode, negative and huge numbers, arrays for scalars, malformed JSON and
 * multipart), sent by an admin of that company. Whatever arrives, the answer
 * is a client error, a success or a provider's refusal (502-504), never a
 * 500, and an error is always `{ error, message }`. New routes are fuzzed without anyone writing a case.
 */

/** Runs per route: the server suite runs twice (PGlite, PostgreSQL). FUZZ_RUNS for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS) || 25;

let server: TestServer;
let sim: MetaSim;
let team: Awaited<ReturnType<typeof buildTeam>>;
let admin: Session;
let world: World;
let settingKey: string;

beforeAll(async () => {
  sim = await startMetaSim();
  server = await startTestServer({ env: { META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion } });
  const db = server.database.db;
  team = await buildTeam(server.app, db, { maxUsers: 100_000 });
  admin = team.adminSession;
  world = await buildWorld(db, team.company.id, `${server.config.dataDir}/public`);
  settingKey = unique("fuzzSetting");
  await db.insert(settings).values({ companyId: team.company.id, key: settingKey, value: "v" });
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const jsonSchemaOf = (zod: unknown): JsonSchema | undefined =>
  zod ? (z.toJSONSchema(zod as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema) : undefined;

/** What an id-like field names, so valid cases carry a real id of the right kind. */
const KIND_BY_NAME: Record<string, keyof World["ids"]> = {
  contactId: "contact",
  contactListId: "contactList",
  tagListId: "tag",
  ticketId: "ticket",
  whatsappId: "connection",
  whatsapps: "connection",
  queueId: "queue",
  queueIds: "queue",
  selectedQueueIds: "queue",
  sendIdQueue: "queue",
  userId: "user",
  users: "user",
  tagId: "tag",
  tags: "tag",
  messageId: "message",
  quotedMsg: "message",
  companyId: "company",
  optQueueId: "queue",
  optUserId: "user",
  chatbotId: "chatbot",
};
const isIdLike = (name: string) => name === "id" || /[a-z](Id|Ids)$/.test(name) || name in KIND_BY_NAME;

/** Values that have broken servers before. */
const nastyString = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "😀🏳️‍🌈",
  "\u202eevil",
  "ﷺ𝕏Ω",
  "%",
  "_",
  "%_\\",
  "'; DROP TABLE users; --",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "2147483648",
  "-2147483649",
  "9".repeat(40),
  "1e309",
  "NaN",
  "null",
  "true",
  "0x10",
  "2026-13-45T99:99:99Z",
  "-271821-04-20T00:00:00Z",
  "x".repeat(70_000),
);
const nastyNumber = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  1e21,
);
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: "" }, [[[]]], { id: -1 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Strings for a string schema: mostly within its limits, with its pattern when it has one. */
function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 60));
  if (s.format === "email") return fc.emailAddress();
  if (s.format === "date-time" || s.format === "date")
    return fc
      .date({ noInvalidDate: true, min: new Date("1990-01-01"), max: new Date("2100-01-01") })
      .map((d) => (s.format === "date" ? d.toISOString().slice(0, 10) : d.toISOString()));
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.oneof(
    fc.string({ unit: "grapheme", minLength: min, maxLength: max }),
    fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: max }),
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1_000_000);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1_000_000);
  const lo = Math.max(min, -(2 ** 31));
  const hi = Math.min(max, 2 ** 31);
  return integer
    ? fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi))
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/** The real ids of the company with data (of the field's kind when known), so cases reach past "not found". */
function realIdsFor(name: string): number[] {
  const kind = KIND_BY_NAME[name];
  return kind ? [world.ids[kind]] : realIds();
}
const realIds = () => [
  ...Object.values(world.ids),
  team.user.id,
  Number(Object.values(world.ids).at(-1)) + 1,
];

/**
 * Values for a JSON Schema: valid ones mostly, a mutation at any node now and
 * then (`mutate` is its weight against 6 for a valid value).
 */
function arbitraryFor(s: JsonSchema | undefined, name = "", depth = 0, mutate = 1): fc.Arbitrary<unknown> {
  if (!s) return nasty;
  const valid = validFor(s, name, depth, mutate);
  return mutate > 0 ? fc.oneof({ weight: 6, arbitrary: valid }, { weight: mutate, arbitrary: nasty }) : valid;
}

function validFor(s: JsonSchema, name: string, depth: number, mutate: number): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alternatives.length) return fc.oneof(...alternatives.map((a) => validFor(a, name, depth + 1, mutate)));
  if (s.allOf?.length) return validFor(s.allOf[0]!, name, depth + 1, mutate);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      if (!isIdLike(name)) return stringArb(s);
      return mutate === 0
        ? fc.constantFrom(...realIdsFor(name).map(String))
        : fc.oneof(stringArb(s), fc.constantFrom(...realIds().map(String)));
    case "integer":
    case "number": {
      const numbers = numberArb(s, type === "integer");
      if (!isIdLike(name)) return numbers;
      return mutate === 0
        ? fc.constantFrom(...realIdsFor(name))
        : fc.oneof(numbers, fc.constantFrom(...realIds()));
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const maxLength = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4));
      return fc.array(arbitraryFor(s.items, name, depth + 1, mutate), {
        minLength: s.minItems ?? 0,
        maxLength,
      });
    }
    case "object": {
      const properties = Object.entries(s.properties ?? {});
      if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 });
      const shape = Object.fromEntries(
        properties.map(([key, sub]) => [key, arbitraryFor(sub, key, depth + 1, mutate)]),
      );
      const required = (s.required ?? []).filter((key) => key in shape);
      const record = fc.record(shape, { requiredKeys: required });
      if (mutate === 0 || required.length === 0) return record;
      // Now and then a required field is missing.
      return fc.tuple(record, fc.integer({ min: 0, max: 4 * required.length })).map(([value, drop]) => {
        const key = required[drop];
        if (key === undefined) return value;
        const { [key]: _dropped, ...rest } = value as Record<string, unknown>;
        return rest;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** URLs and query strings carry well-formed text: lone surrogates become U+FFFD, as a browser sends them. */
const wellFormed = (value: string) => value.replace(/[\ud800-\udfff]/g, "\ufffd");
const asQueryValue = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((v) => (Array.isArray(v) ? [JSON.stringify(v)] : asQueryValue(v)))
    : [
        value === null || value === undefined
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : wellFormed(String(value)),
      ];

/** Real values for the route's path params: by their name, or by what the route says they name (config.owner). */
function realParams(route: FuzzRoute): Record<string, string> {
  const byName: Record<string, unknown> = {
    uuid: world.ticketUuid,
    key: settingKey,
    number: world.secrets[1],
    file: world.mediaPath.split("/").at(-1),
    ticketId: world.ids.ticket,
    tagId: world.ids.tag,
    contactId: world.ids.contact,
    companyId: world.ids.company,
    importId: world.ids.contactListImport,
  };
  const byOwner: Record<string, number> = {
    user: world.ids.user,
    connection: world.ids.connection,
    ticket: world.ids.ticket,
    ticketTag: world.ids.ticket,
    contact: world.ids.contact,
    message: world.ids.message,
    schedule: world.ids.schedule,
    ticketNote: world.ids.ticketNote,
    company: world.ids.company,
    queue: world.ids.queue,
    chatbot: world.ids.chatbot,
    contactList: world.ids.contactList,
    contactListItem: world.ids.contactListItem,
    contactListImport: world.ids.contactList,
    fileList: world.ids.fileList,
    campaign: world.ids.campaign,
    flow: world.ids.flow,
    prompt: world.ids.prompt,
  };
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  return Object.fromEntries(
    names.map((name) => [
      name,
      encodeURIComponent(String(byName[name] ?? byOwner[route.owner ?? ""] ?? world.ids.ticket)),
    ]),
  );
}

/** Generated values for the route's path params, real ones among them. */
function paramArbitrary(route: FuzzRoute): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const real: Record<string, unknown[]> = {
    uuid: [world.ticketUuid],
    // The fuzz company's own key/value row, and real settings (PUT /settings/{key} checks each value).
    key: [settingKey, "transferMessage", "sendMsgTransfTicket", "scheduleType", "downloadLimit"],
    number: [world.secrets[1]],
    file: [world.mediaPath.split("/").at(-1)],
  };
  const entries = names.map((name) => {
    const generated = arbitraryFor(route.schemas.params?.properties?.[name], name);
    const known = real[name] ?? realIds();
    return [
      name,
      fc
        .oneof(generated, fc.constantFrom(...known))
        .map((value) =>
          encodeURIComponent(wellFormed(typeof value === "object" ? JSON.stringify(value) : String(value))),
        ),
    ] as const;
  });
  return fc.record(Object.fromEntries(entries)) as fc.Arbitrary<Record<string, string>>;
}

interface Payload {
  payload?: string | Buffer;
  contentType?: string;
}

const boundary = "----fuzz";
const part = (name: string, filename: string | undefined, type: string | undefined, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`,
    ),
    bytes,
    Buffer.from("\r\n"),
  ]);

/** Multipart forms, well-formed and not: odd names, types and bytes, wrong boundaries, cut-off bodies. */
const multipart: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.array(
      fc.record({
        name: fc.constantFrom(
          "file",
          "media",
          "medias",
          "profileImage",
          "body",
          "isPrivate",
          "quotedMsg",
          "x",
        ),
        filename: fc.option(
          fc.oneof(
            fc.constantFrom("a.png", "../../x.html", "a.svg", "", "ç😀.pdf", "x".repeat(300), 'a"b.png'),
            fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => s.replace(/["\r\n]/g, "")),
          ),
          { nil: undefined },
        ),
        type: fc.option(
          fc.constantFrom(
            "image/png",
            "text/html",
            "image/svg+xml",
            "application/octet-stream",
            "audio/ogg",
            "video/mp4",
            "x/y",
            "",
          ),
          { nil: undefined },
        ),
        bytes: fc.oneof(
          fc.constant(png),
          fc.constant(Buffer.from("<html><script>alert(1)</script></html>")),
          fc.constant(Buffer.alloc(0)),
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
          fc.string({ maxLength: 40 }).map((s) => Buffer.from(s)),
        ),
      }),
      { maxLength: 3 },
    ),
    fc.constantFrom("ok", "no-end", "wrong-boundary", "no-boundary", "cut", "garbage"),
  )
  .map(([parts, shape]) => {
    const body = Buffer.concat([
      ...parts.map((p) => part(p.name, p.filename, p.type, p.bytes)),
      Buffer.from(shape === "no-end" ? "" : `--${boundary}--\r\n`),
    ]);
    const contentType =
      shape === "wrong-boundary"
        ? "multipart/form-data; boundary=other"
        : shape === "no-boundary"
          ? "multipart/form-data"
          : `multipart/form-data; boundary=${boundary}`;
    if (shape === "cut") return { payload: body.subarray(0, Math.floor(body.length / 2)), contentType };
    if (shape === "garbage") return { payload: Buffer.from("--not a form\r\n\r\n"), contentType };
    return { payload: body, contentType };
  });

/** A body for the route: JSON from its schema mostly, or no body, text, broken JSON, a form. */
function bodyArbitrary(route: FuzzRoute, valid: boolean): fc.Arbitrary<Payload> {
  const json = arbitraryFor(route.schemas.body, "", 0, valid ? 0 : 1).map(
    (value): Payload =>
      value === undefined ? {} : { payload: JSON.stringify(value), contentType: "application/json" },
  );
  const others: fc.Arbitrary<Payload> = fc.oneof(
    fc.constant<Payload>({}),
    fc.string({ maxLength: 40 }).map((text): Payload => ({ payload: text, contentType: "text/plain" })),
    fc.constantFrom<Payload>(
      { payload: "{", contentType: "application/json" },
      { payload: '{"a":', contentType: "application/json" },
      { payload: "null", contentType: "application/json" },
      { payload: "[]", contentType: "application/json" },
      { payload: '"x"', contentType: "application/json" },
      { payload: '{"__proto__":{"admin":true}}', contentType: "application/json" },
      { payload: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    ),
  );
  const takesForms = ["POST", "PUT"].includes(route.method) && !route.schemas.body;
  if (valid) return route.schemas.body ? json : multipart;
  return fc.oneof(
    { weight: route.schemas.body ? 6 : 1, arbitrary: json },
    { weight: 2, arbitrary: others },
    { weight: takesForms ? 6 : 1, arbitrary: multipart },
  );
}

interface FuzzRoute {
  method: string;
  url: string;
  owner?: string;
  isPublic: boolean;
  schemas: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema };
}

function fuzzRoutes(): FuzzRoute[] {
  return server.app.routeList
    .filter((r) => !r.url.startsWith("/public"))
    .flatMap((route) =>
      [route.method].flat().map((method) => {
        const s = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
        return {
          method,
          url: route.url,
          owner: route.config?.owner as string | undefined,
          isPublic: Boolean(route.config?.public),
          schemas: {
            params: jsonSchemaOf(s.params),
            querystring: jsonSchemaOf(s.querystring),
            body: jsonSchemaOf(s.body),
          },
        };
      }),
    );
}

/** The admin stays an admin of the company: some cases sign out, demote or delete it. */
async function keepAdmin(): Promise<void> {
  const me = await server.app.inject({ method: "GET", url: "/auth/me", headers: admin.headers });
  if (me.statusCode === 200 && me.json().profile === "admin") return;
  const fresh = await buildAdmin(server.database.db, team.company.id);
  admin = await login(server.app, fresh.email);
}

describe("generated input never causes a 500", () => {
  it("reaches every route", () => {
    const keys = fuzzRoutes().map((r) => `${r.method} ${r.url}`);
    for (const key of [
      "GET /tickets",
      "POST /messages/:ticketId",
      "GET /whatsapp",
      "GET /dashboard",
      "POST /auth/login",
    ])
      expect(keys).toContain(key);
  });

  it("on every route, from its schemas, as an admin of a company with data", async () => {
    const failures: string[] = [];
    const stats: Record<string, number[]> = {};
    for (const route of fuzzRoutes()) {
      const key = `${route.method} ${route.url}`;
      const protectedIds = new Set([String(admin.user.id)]);
      // A fresh company world per route: the routes before may have deleted or changed the last one.
      world = await buildWorld(server.database.db, team.company.id, `${server.config.dataDir}/public`);
      const bodyless = ["GET", "DELETE", "HEAD"].includes(route.method);
      // Half the cases are valid throughout, with real ids (to reach past validation), half are mutated.
      const valid = fc.record({
        params: fc.constant(realParams(route)),
        query: route.schemas.querystring
          ? arbitraryFor(route.schemas.querystring, "", 0, 0)
          : fc.constant(undefined),
        body: bodyless ? fc.constant<Payload>({}) : bodyArbitrary(route, true),
        signedIn: fc.constant(true),
      });
      const mutated = fc.record({
        params: paramArbitrary(route),
        query: arbitraryFor(route.schemas.querystring),
        body: bodyless ? fc.constant<Payload>({}) : bodyArbitrary(route, false),
        signedIn: fc.boolean(),
      });
      const request = fc.oneof(valid, mutated);
      try {
        await fc.assert(
          fc.asyncProperty(request, async ({ params, query, body, signedIn }) => {
            // Cases may not delete, demote or sign out the admin the rest of the run uses.
            if (route.url.startsWith("/users/:id") && protectedIds.has(params.id ?? "")) return;
            if (route.url === "/auth/logout") signedIn = false;
            const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? "1");
            const search = new URLSearchParams();
            if (query && typeof query === "object" && !Array.isArray(query))
              for (const [name, value] of Object.entries(query))
                for (const item of asQueryValue(value)) search.append(wellFormed(name), item);
            const qs = search.toString();
            const res = await server.app.inject({
              method: route.method as "GET",
              url: qs ? `${path}?${qs}` : path,
              headers: {
                ...(signedIn || !route.isPublic ? admin.headers : {}),
                ...(body.contentType ? { "content-type": body.contentType } : {}),
              },
              ...(body.payload === undefined ? {} : { payload: body.payload }),
            });
            const detail = `${route.method} ${path}${qs ? `?${qs.slice(0, 300)}` : ""} ${String(body.payload ?? "").slice(0, 300)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
            // 502-504 say a provider (Graph, meta-sim here) refused or failed: an answer, not a crash.
            if (res.statusCode >= 500 && ![502, 503, 504].includes(res.statusCode)) throw new Error(detail);
            if (process.env.FUZZ_STATS) stats[key] = [...(stats[key] ?? []), res.statusCode];
            if (res.statusCode >= 400) {
              let parsed: unknown;
              try {
                parsed = res.json();
              } catch {
                throw new Error(`not JSON: ${detail}`);
              }
              const error = parsed as { error?: unknown; message?: unknown };
              if (typeof error?.error !== "string" || typeof error.message !== "string")
                throw new Error(`not { error, message }: ${detail}`);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      } catch (error) {
        const lines = (error as Error).message.split("\n");
        const why = lines.find((line) => line.includes("answered")) ?? lines.slice(0, 4).join(" | ");
        failures.push(`${key} (${lines[1] ?? ""}): ${why}`);
      }
      await keepAdmin();
    }
    if (process.env.FUZZ_STATS)
      for (const [key, codes] of Object.entries(stats))
        console.log(key, codes.filter((c) => c < 300).length, [...new Set(codes)].sort().join(","));
    expect(failures).toEqual([]);
  }, 600_000);
});

describe("cases the fuzz found", () => {
  it("a malformed multipart form answers 400 on every route that takes files", async () => {
    const cut = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    for (const url of [
      `/users/${team.user.id}/media-upload`,
      `/messages/${world.ids.ticket}`,
      `/schedules/${world.ids.ticket}/media-upload`,
      `/whatsapp/${world.ids.connection}/media-upload`,
    ]) {
      for (const [payload, contentType] of [
        [cut, `multipart/form-data; boundary=${boundary}`],
        [Buffer.from("--not a form\r\n\r\n"), `multipart/form-data; boundary=${boundary}`],
        [
          Buffer.concat([cut, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
          "multipart/form-data; boundary=other",
        ],
      ] as const) {
        const res = await server.app.inject({
          method: "POST",
          url,
          headers: { ...admin.headers, "content-type": contentType },
          payload,
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", message: "Malformed multipart form" });
      }
    }
  });

  it("a token that cannot travel in an HTTP header answers 400, not a Graph failure", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/facebook",
      headers: admin.headers,
      payload: { facebookUserId: "161", facebookUserToken: "𓉸ﬆ𐙪" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "facebookUserToken" });
    const connection = await server.app.inject({
      method: "PUT",
      url: `/whatsapp/${world.ids.connection}`,
      headers: admin.headers,
      payload: { accessToken: "tøken" },
    });
    expect(connection.statusCode).toBe(400);
    expect(connection.json()).toMatchObject({ error: "ERR_VALIDATION", field: "accessToken" });
  });
});
