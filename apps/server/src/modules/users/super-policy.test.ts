import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildAdmin,
  buildCompany,
  buildUser,
  DEFAULT_PASSWORD,
  login,
  type Session,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { users } from "../../db/schema/index.js";

/**
 * Issue 8 section 4: the platform owner is protected. Every user route, as
 * an admin, an ordinary user and a super user of the company that holds the
 * super users (company 1 in production).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Role = "admin" | "user" | "super";

/** The owner's company: a super user, a plain admin and an ordinary user, each signed in. */
async function ownerCompany() {
  const db = server.database.db;
  const company = await buildCompany(db);
  const superUser = await buildAdmin(db, company.id, { super: true });
  const admin = await buildAdmin(db, company.id);
  const user = await buildUser(db, company.id);
  const sessions: Record<Role, Session> = {
    super: await login(server.app, superUser.email),
    admin: await login(server.app, admin.email),
    user: await login(server.app, user.email),
  };
  return { company, superUser, admin, user, sessions };
}

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
function imageUpload() {
  const boundary = "----inboxsuper";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function stored(id: number) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("reading users: the super user is listed and shown as anyone else", () => {
  it.each<[Role, number]>([
    ["admin", 200],
    ["user", 200],
    ["super", 200],
  ])("GET /users, /users/list as %s: %i, the super user included", async (role, status) => {
    const owner = await ownerCompany();
    for (const url of ["/users", "/users/list"]) {
      const res = await server.app.inject({ method: "GET", url, headers: owner.sessions[role].headers });
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(owner.superUser.email);
    }
  });

  it.each<[Role, number]>([
    ["admin", 200],
    ["user", 403],
    ["super", 200],
  ])("GET /users/{super} as %s: %i", async (role, status) => {
    const owner = await ownerCompany();
    const res = await server.app.inject({
      method: "GET",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions[role].headers,
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ id: owner.superUser.id, super: true });
  });
});

describe("creating users: nobody makes a super user through the API", () => {
  it.each<[Role, number]>([
    ["admin", 201],
    ["user", 403],
    ["super", 201],
  ])("POST /users with super: true as %s: %i, and never a super user", async (role, status) => {
    const owner = await ownerCompany();
    const email = `${unique("made")}@example.com`;
    const res = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: owner.sessions[role].headers,
      payload: { name: "Made Up", email, password: "12345", profile: "admin", super: true },
    });
    expect(res.statusCode).toBe(status);
    if (status === 201) {
      expect(res.json().super).toBe(false);
      expect((await stored(res.json().id))?.super).toBe(false);
    }
  });

  it.each<Role>(["admin", "user", "super"])("POST /users with profile 'super' as %s: 400", async (role) => {
    const owner = await ownerCompany();
    const res = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: owner.sessions[role].headers,
      payload: {
        name: "Made Up",
        email: `${unique("made")}@example.com`,
        password: "12345",
        profile: "super",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "profile" });
  });
});

describe("changing the super user: only a super user may", () => {
  const changes: [string, Record<string, unknown>][] = [
    ["password", { password: "taken-over" }],
    ["email", { email: `${unique("attacker")}@example.com` }],
    ["profile", { profile: "user" }],
    ["name", { name: "Renamed" }],
    ["super flag", { super: false }],
  ];

  it.each(changes)(
    "PUT /users/{super} changing the %s as a plain admin: 403, nothing changes",
    async (_, payload) => {
      const owner = await ownerCompany();
      const before = await stored(owner.superUser.id);
      const res = await server.app.inject({
        method: "PUT",
        url: `/users/${owner.superUser.id}`,
        headers: owner.sessions.admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
      expect(await stored(owner.superUser.id)).toEqual(before);
    },
  );

  it.each(changes)("PUT /users/{super} changing the %s as an ordinary user: 403", async (_, payload) => {
    const owner = await ownerCompany();
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.user.headers,
      payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it("the attack of the issue fails: an admin cannot set the super user's password and sign in as super", async () => {
    const owner = await ownerCompany();
    await server.app.inject({
      method: "PUT",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.admin.headers,
      payload: { password: "owned-you" },
    });
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: owner.superUser.email, password: "owned-you" },
    });
    expect(res.statusCode).toBe(401);
    // The super user's own password still works.
    await login(server.app, owner.superUser.email, DEFAULT_PASSWORD);
  });

  it("a super user changes their own name, e-mail and password", async () => {
    const owner = await ownerCompany();
    const email = `${unique("owner")}@example.com`;
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.super.headers,
      payload: { name: "Platform Owner", email, password: "new-owner-pw" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Platform Owner", email, super: true });
    await login(server.app, email, "new-owner-pw");
  });

  it("a super user changes another super user, profile included", async () => {
    const owner = await ownerCompany();
    const second = await buildAdmin(server.database.db, owner.company.id, { super: true });
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${second.id}`,
      headers: owner.sessions.super.headers,
      payload: { name: "Second Owner", profile: "user" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Second Owner", profile: "user", super: true });
  });

  it("the last super user of the company cannot be demoted, not even by themselves", async () => {
    const owner = await ownerCompany();
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.super.headers,
      payload: { profile: "user" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "ERR_NO_PERMISSION", field: "profile" });
    expect((await stored(owner.superUser.id))?.profile).toBe("admin");
    // Keeping the profile as it is stays allowed.
    const same = await server.app.inject({
      method: "PUT",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.super.headers,
      payload: { profile: "admin", name: "Still Owner" },
    });
    expect(same.statusCode).toBe(200);
  });

  it.each<[Role, number]>([
    ["admin", 403],
    ["user", 403],
    ["super", 200],
  ])("PUT /users/toggleChangeWidht/{super} as %s: %i", async (role, status) => {
    const owner = await ownerCompany();
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/toggleChangeWidht/${owner.superUser.id}`,
      headers: owner.sessions[role].headers,
      payload: { defaultTicketsManagerWidth: 600 },
    });
    expect(res.statusCode).toBe(status);
    expect((await stored(owner.superUser.id))?.defaultTicketsManagerWidth).toBe(status === 200 ? 600 : 550);
  });

  it.each<[Role, number]>([
    ["admin", 403],
    ["user", 403],
    ["super", 200],
  ])("POST /users/{super}/media-upload as %s: %i", async (role, status) => {
    const owner = await ownerCompany();
    const body = imageUpload();
    const res = await server.app.inject({
      method: "POST",
      url: `/users/${owner.superUser.id}/media-upload`,
      headers: { ...owner.sessions[role].headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(status);
    const image = (await stored(owner.superUser.id))?.profileImage;
    if (status === 200) expect(image).toBeTruthy();
    else expect(image).toBeNull();
  });
});

describe("deleting a super user: only a super user may, never the last one", () => {
  it.each<[Role, number]>([
    ["admin", 403],
    ["user", 403],
  ])("DELETE /users/{super} as %s: %i, the super user stays", async (role, status) => {
    const owner = await ownerCompany();
    // Two super users: the refusal is not the last-super rule.
    await buildAdmin(server.database.db, owner.company.id, { super: true });
    const res = await server.app.inject({
      method: "DELETE",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions[role].headers,
    });
    expect(res.statusCode).toBe(status);
    expect(await stored(owner.superUser.id)).toBeDefined();
    await login(server.app, owner.superUser.email);
  });

  it("a super user deletes another super user while one remains; the remaining one cannot go", async () => {
    const owner = await ownerCompany();
    const second = await buildAdmin(server.database.db, owner.company.id, { super: true });
    const secondSession = await login(server.app, second.email);
    const res = await server.app.inject({
      method: "DELETE",
      url: `/users/${second.id}`,
      headers: owner.sessions.super.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(second.id)).toBeUndefined();
    // The one left is the last: nobody removes it, itself included.
    const self = await server.app.inject({
      method: "DELETE",
      url: `/users/${owner.superUser.id}`,
      headers: owner.sessions.super.headers,
    });
    expect(self.statusCode).toBe(403);
    const gone = await server.app.inject({ method: "GET", url: "/auth/me", headers: secondSession.headers });
    expect(gone.statusCode).toBe(401);
  });

  it("ordinary users are still managed by plain admins", async () => {
    const owner = await ownerCompany();
    const update = await server.app.inject({
      method: "PUT",
      url: `/users/${owner.user.id}`,
      headers: owner.sessions.admin.headers,
      payload: { name: "Renamed By Admin" },
    });
    expect(update.statusCode).toBe(200);
    const other = await buildUser(server.database.db, owner.company.id);
    const del = await server.app.inject({
      method: "DELETE",
      url: `/users/${other.id}`,
      headers: owner.sessions.admin.headers,
    });
    expect(del.statusCode).toBe(200);
  });
});
