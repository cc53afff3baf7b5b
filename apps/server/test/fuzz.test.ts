import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * Random bodies, queries and params thrown at the auth, user, contact, tag,
 * note and schedule routes:
 * whatever arrives, the answer is a client error or a success, never a 500,
 * and always the `{ error, message }` shape when it is an error.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof buildTeam>>;

beforeAll(async () => {
  server = await startTestServer();
  team = await buildTeam(server.app, server.database.db, { maxUsers: 1000 });
});
afterAll(() => server.close());

/** Values that have broken servers before: int4 overflow, NUL bytes, huge numbers, odd unicode. */
const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "2147483648",
  "-2147483649",
  "9".repeat(30),
  "1e309",
  "\ud800",
  "%",
  "_",
  "'; --",
);
const anyString = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), nasty);
const userish = fc.record(
  {
    name: fc.oneof(anyString, fc.anything()),
    email: fc.oneof(fc.emailAddress(), anyString, fc.anything()),
    password: fc.oneof(fc.string({ maxLength: 60 }), fc.anything()),
    profile: fc.oneof(fc.constantFrom("admin", "user", "super", ""), fc.anything()),
    queueIds: fc.oneof(
      fc.array(fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 })),
      fc.array(fc.integer()),
      fc.anything(),
    ),
    whatsappId: fc.oneof(
      fc.integer(),
      fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
      fc.constant(null),
      fc.anything(),
    ),
    startWork: fc.oneof(fc.constantFrom("08:00", "25:00", "8h"), fc.anything()),
    allTicket: fc.oneof(fc.constantFrom("enable", "disable", "x"), fc.anything()),
    allowGroup: fc.anything(),
    defaultTicketsManagerWidth: fc.oneof(fc.integer(), fc.double(), fc.string()),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.anything({ withNullPrototype: true }),
  fc.jsonValue(),
  userish,
  fc.dictionary(
    fc.constantFrom("name", "email", "password", "queueIds", "whatsappId", "token"),
    fc.oneof(anyString, fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 })),
  ),
  anyString,
  fc.constant(undefined),
);
const contactish = fc.record(
  {
    name: fc.oneof(anyString, fc.anything()),
    number: fc.oneof(
      fc.constantFrom("5511987654321", "+55 (11) 9 8765-4321", "12"),
      anyString,
      fc.anything(),
    ),
    email: fc.oneof(fc.emailAddress(), anyString, fc.anything()),
    disableBot: fc.anything(),
    active: fc.anything(),
    extraInfo: fc.oneof(
      fc.array(fc.record({ id: fc.anything(), name: anyString, value: fc.anything() }, { requiredKeys: [] })),
      fc.anything(),
    ),
    contactId: fc.oneof(fc.integer(), fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }), fc.anything()),
    ticketId: fc.oneof(fc.integer(), fc.anything()),
    tags: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.record({ id: fc.anything() }))), fc.anything()),
    note: fc.oneof(anyString, fc.anything()),
    kanban: fc.anything(),
    color: fc.oneof(fc.constantFrom("#fff", "red", ""), anyString),
  },
  { requiredKeys: [] },
);
const scheduleish = fc.record(
  {
    body: fc.oneof(fc.constantFrom("Olá, tudo bem?", "oi", ""), anyString, fc.anything()),
    contactId: fc.oneof(fc.integer(), fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }), fc.anything()),
    ticketId: fc.oneof(fc.integer(), fc.constant(null), fc.anything()),
    whatsappId: fc.oneof(fc.integer(), fc.constant(null), fc.anything()),
    sendAt: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom(
        "2026-01-01 10:00:00",
        "-271821-04-20T00:00:00Z",
        "275760-09-13T00:00:00Z",
        "2026-13-45T99:99",
      ),
      anyString,
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);
const param = fc.oneof(
  fc.integer(),
  anyString,
  fc.constantFrom("0", "-1", "1e3", "2147483647", "2147483648", "NaN"),
);

async function send(method: string, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const isText = typeof payload === "string";
  const res = await server.app.inject({
    method: method as "POST",
    url,
    headers: {
      ...headers,
      ...(payload === undefined ? {} : { "content-type": isText ? "text/plain" : "application/json" }),
    },
    payload: payload === undefined ? undefined : isText ? payload : JSON.stringify(payload),
  });
  if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  if (res.statusCode >= 400)
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(["error", "message"]));
  return res;
}

describe("random input never causes a 500", () => {
  it("on the public auth routes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/auth/login",
          "/auth/recover-password",
          "/auth/reset-password",
          "/auth/refresh_token",
        ),
        body,
        (url, payload) => send("POST", url, payload).then(() => undefined),
      ),
      { numRuns: 300 },
    );
  });

  it("on the user routes, as an admin and as a user", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ["POST", "/users"],
          ["PUT", "/users/:id"],
          ["PUT", "/users/toggleChangeWidht/:id"],
          ["GET", "/users/:id"],
          ["DELETE", "/users/:id"],
          ["GET", "/users?pageNumber=:id&searchParam=:id"],
          ["GET", "/users?searchParam=:id"],
        ),
        param,
        body,
        fc.boolean(),
        async ([method, path], id, payload, asAdmin) => {
          // Lone surrogates cannot be percent-encoded; replace them the way a browser would.
          const wellFormed = String(id).replace(/[\ud800-\udfff]/g, "\ufffd");
          const url = path.replaceAll(":id", encodeURIComponent(wellFormed));
          const session = asAdmin ? team.adminSession : team.userSession;
          const safe = method === "DELETE" && String(id) === String(team.admin.id) ? "0" : undefined;
          await send(
            method,
            safe ? url.replace(String(id), safe) : url,
            method === "GET" || method === "DELETE" ? undefined : payload,
            session.headers,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("on the contact, tag and note routes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ["POST", "/contacts"],
          ["PUT", "/contacts/:id"],
          ["PUT", "/contacts/block/:id"],
          ["PUT", "/contacts/toggleAcceptAudio/:id"],
          ["GET", "/contacts/:id"],
          ["GET", "/contacts/profile/:id"],
          ["GET", "/contacts?searchParam=:id&isGroup=:id&channel=:id"],
          ["GET", "/contacts?pageNumber=:id"],
          ["POST", "/tags"],
          ["POST", "/tags/sync"],
          ["GET", "/tags/list?kanban=:id"],
          ["PUT", "/ticket-tags/:id/:id"],
          ["GET", "/contactTags/:id"],
          ["POST", "/ticket-notes"],
          ["GET", "/ticket-notes/list?contactId=:id&ticketId=:id"],
          ["DELETE", "/ticket-notes/:id"],
          ["GET", "/setting/:id"],
          ["GET", "/companySettingOne?column=:id"],
          ["GET", "/chats/?searchParam=:id&pageNumber=:id"],
        ),
        param,
        fc.oneof(body, contactish),
        fc.boolean(),
        async ([method, path], id, payload, asAdmin) => {
          const wellFormed = String(id).replace(/[\ud800-\udfff]/g, "\ufffd");
          const url = path.replaceAll(":id", encodeURIComponent(wellFormed));
          const session = asAdmin ? team.adminSession : team.userSession;
          await send(
            method,
            url,
            method === "GET" || method === "DELETE" ? undefined : payload,
            session.headers,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("on the schedule routes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ["POST", "/schedules"],
          ["PUT", "/schedules/:id"],
          ["GET", "/schedules/:id"],
          ["DELETE", "/schedules/:id"],
          ["DELETE", "/schedules/:id/media-upload"],
          ["POST", "/schedules/:id/media-upload"],
          ["GET", "/schedules?searchParam=:id&pageNumber=:id"],
          ["GET", "/schedules?contactId=:id"],
        ),
        param,
        fc.oneof(body, scheduleish),
        fc.boolean(),
        async ([method, path], id, payload, asAdmin) => {
          const wellFormed = String(id).replace(/[\ud800-\udfff]/g, "\ufffd");
          const url = path.replaceAll(":id", encodeURIComponent(wellFormed));
          const session = asAdmin ? team.adminSession : team.userSession;
          await send(
            method,
            url,
            method === "GET" || method === "DELETE" ? undefined : payload,
            session.headers,
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
