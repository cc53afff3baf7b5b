import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildCompany,
  buildConnection,
  buildQueue,
  buildTeam,
  buildUser,
  DEFAULT_PASSWORD,
  login,
  unique,
} from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { users } from "../../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Maria Souza",
  email: `${unique("maria")}@example.com`,
  password: "12345",
  ...overrides,
});

describe("creating users", () => {
  it("an admin creates a user with the spec's defaults, and the new user can sign in", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const body = newUserBody();
    const res = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Maria Souza",
      email: body.email,
      profile: "user",
      startWork: "00:00",
      endWork: "23:59",
      allTicket: "disable",
      defaultTheme: "light",
      defaultMenu: "open",
      userClosePendingTicket: "enabled",
      showDashboard: "disabled",
      allowRealTime: "disabled",
      allowConnections: "disabled",
      allUserChat: "disabled",
      allowGroup: false,
      companyId: team.company.id,
    });
    expect(res.body).not.toMatch(/passwordHash|scrypt/);
    const session = await login(server.app, body.email, "12345");
    expect(session.user.companyId).toBe(team.company.id);
  });

  it("answers the spec's messages for a bad form", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A" }, "name", "Too Short!"],
      [{ name: "x".repeat(51) }, "name", "Too Long!"],
      [{ email: "bad" }, "email", "Invalid email"],
      [{ email: "" }, "email", "Required"],
      [{ password: "1234" }, "password", "Too Short!"],
      [{ password: undefined }, "password", "Required"],
      [{ profile: "root" }, "profile", expect.any(String) as unknown as string],
    ];
    for (const [override, field, message] of cases) {
      const res = await server.app.inject({
        method: "POST",
        url: "/users",
        headers: team.adminSession.headers,
        payload: newUserBody(override),
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field, message });
    }
  });

  it("refuses an e-mail already in use, in any company", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildCompany(server.database.db);
    const taken = await buildUser(server.database.db, other.id);
    const res = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody({ email: taken.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_USER_EMAIL_ALREADY_EXISTS", field: "email" });
  });

  it("enforces the plan's user limit", async () => {
    const team = await buildTeam(server.app, server.database.db, { maxUsers: 3 });
    const third = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody(),
    });
    expect(third.statusCode).toBe(201);
    const fourth = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody(),
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe("ERR_USER_CREATION_COUNT");
    const rows = await server.database.db.select().from(users).where(eq(users.companyId, team.company.id));
    expect(rows).toHaveLength(3);
  });

  it("enforces the limit under concurrent creates", async () => {
    const team = await buildTeam(server.app, server.database.db, { maxUsers: 4 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.app.inject({
          method: "POST",
          url: "/users",
          headers: team.adminSession.headers,
          payload: newUserBody(),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const rows = await server.database.db.select().from(users).where(eq(users.companyId, team.company.id));
    expect(rows).toHaveLength(4);
  });

  it("an ordinary user cannot create users", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const res = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.userSession.headers,
      payload: newUserBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
  });

  it("links queues and a default connection of the company, and refuses those of another company", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const queue = await buildQueue(server.database.db, team.company.id);
    const connection = await buildConnection(server.database.db, team.company.id);
    const ok = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody({ queueIds: [queue.id], whatsappId: connection.id }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().queues).toEqual([{ id: queue.id, name: queue.name, color: queue.color }]);
    expect(ok.json().whatsappId).toBe(connection.id);

    const other = await buildCompany(server.database.db);
    const foreignQueue = await buildQueue(server.database.db, other.id);
    const foreignConnection = await buildConnection(server.database.db, other.id);
    const badQueue = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody({ queueIds: [foreignQueue.id] }),
    });
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.json().field).toBe("queueIds");
    const badConnection = await server.app.inject({
      method: "POST",
      url: "/users",
      headers: team.adminSession.headers,
      payload: newUserBody({ whatsappId: foreignConnection.id }),
    });
    expect(badConnection.statusCode).toBe(400);
    expect(badConnection.json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("listing and showing users", () => {
  it("pages the company's users by name, each exactly once, with the count", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const queue = await buildQueue(server.database.db, team.company.id);
    for (let i = 0; i < 43; i++) {
      const u = await buildUser(server.database.db, team.company.id, {
        name: `Pessoa ${String(i).padStart(2, "0")}`,
      });
      if (i % 2 === 0) {
        // Users with queues must not repeat across pages (no LIMIT over joined rows).
        await server.app.inject({
          method: "PUT",
          url: `/users/${u.id}`,
          headers: team.adminSession.headers,
          payload: { queueIds: [queue.id] },
        });
      }
    }
    const page1 = (
      await server.app.inject({
        method: "GET",
        url: "/users?pageNumber=1",
        headers: team.adminSession.headers,
      })
    ).json();
    const page2 = (
      await server.app.inject({
        method: "GET",
        url: "/users?pageNumber=2",
        headers: team.adminSession.headers,
      })
    ).json();
    expect(page1.count).toBe(45);
    expect(page1.hasMore).toBe(true);
    expect(page2.hasMore).toBe(false);
    const ids = [...page1.users, ...page2.users].map((u: { id: number }) => u.id);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    const names = [...page1.users, ...page2.users].map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("searches by name or e-mail, case-insensitively, and treats % literally", async () => {
    const team = await buildTeam(server.app, server.database.db);
    await buildUser(server.database.db, team.company.id, { name: "Joana Darc" });
    const res = await server.app.inject({
      method: "GET",
      url: "/users?searchParam=JOANA",
      headers: team.adminSession.headers,
    });
    expect(res.json().users.map((u: { name: string }) => u.name)).toEqual(["Joana Darc"]);
    const pct = await server.app.inject({
      method: "GET",
      url: "/users?searchParam=%25",
      headers: team.adminSession.headers,
    });
    expect(pct.json().count).toBe(0);
  });

  it("everyone searches the company's users (transfer) and /users/list serves pickers", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const other = await buildTeam(server.app, server.database.db);
    const search = await server.app.inject({
      method: "GET",
      url: `/users?searchParam=${encodeURIComponent(team.admin.name)}`,
      headers: team.userSession.headers,
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().users.map((u: { id: number }) => u.id)).toEqual([team.admin.id]);
    const all = await server.app.inject({ method: "GET", url: "/users", headers: team.userSession.headers });
    const ids = all.json().users.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([team.admin.id, team.user.id]));
    expect(ids).not.toContain(other.admin.id);
    const list = await server.app.inject({
      method: "GET",
      url: "/users/list",
      headers: team.userSession.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([team.admin.id, team.user.id].sort());
  });

  it("a user sees themself but not a colleague", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const self = await server.app.inject({
      method: "GET",
      url: `/users/${team.user.id}`,
      headers: team.userSession.headers,
    });
    expect(self.statusCode).toBe(200);
    const colleague = await server.app.inject({
      method: "GET",
      url: `/users/${team.admin.id}`,
      headers: team.userSession.headers,
    });
    expect(colleague.statusCode).toBe(403);
  });
});

describe("updating users", () => {
  it("an admin changes profile, queues and permissions", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const queue = await buildQueue(server.database.db, team.company.id);
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: {
        profile: "admin",
        queueIds: [queue.id],
        showDashboard: "enabled",
        allTicket: "enable",
        allowGroup: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profile: "admin",
      showDashboard: "enabled",
      allTicket: "enable",
      allowGroup: true,
    });
    expect(res.json().queues.map((q: { id: number }) => q.id)).toEqual([queue.id]);
  });

  it("a user edits their own name, theme and password but not profile, queues, connection or permissions", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const queue = await buildQueue(server.database.db, team.company.id);
    const own = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.userSession.headers,
      // The form sends unchanged admin fields along: allowed.
      payload: { name: "Novo Nome", defaultTheme: "dark", profile: "user", showDashboard: "disabled" },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: "Novo Nome", defaultTheme: "dark" });

    for (const payload of [
      { profile: "admin" },
      { queueIds: [queue.id] },
      { showDashboard: "enabled" },
      { allowConnections: "enabled" },
      { allTicket: "enable" },
      { whatsappId: (await buildConnection(server.database.db, team.company.id)).id },
    ]) {
      const res = await server.app.inject({
        method: "PUT",
        url: `/users/${team.user.id}`,
        headers: team.userSession.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, team.user.id));
    expect(row?.profile).toBe("user");
    expect(row?.showDashboard).toBe("disabled");
  });

  it("a user cannot edit a colleague", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const res = await server.app.inject({
      method: "PUT",
      url: `/users/${team.admin.id}`,
      headers: team.userSession.headers,
      payload: { name: "Hacked" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("an empty password keeps the old one; a new password ends the user's other sessions", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const keep = await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { password: "" },
    });
    expect(keep.statusCode).toBe(200);
    await login(server.app, team.user.email, DEFAULT_PASSWORD);
    const session = await login(server.app, team.user.email, DEFAULT_PASSWORD);

    await server.app.inject({
      method: "PUT",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
      payload: { password: "brand-new" },
    });
    const old = await server.app.inject({ method: "GET", url: "/auth/me", headers: session.headers });
    expect(old.statusCode).toBe(401);
    await login(server.app, team.user.email, "brand-new");
  });

  it("stores the tickets panel width between 404 and 700 through toggleChangeWidht", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const ok = await server.app.inject({
      method: "PUT",
      url: `/users/toggleChangeWidht/${team.user.id}`,
      headers: team.userSession.headers,
      payload: { defaultTicketsManagerWidth: 480 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().defaultTicketsManagerWidth).toBe(480);
    const narrow = await server.app.inject({
      method: "PUT",
      url: `/users/toggleChangeWidht/${team.user.id}`,
      headers: team.userSession.headers,
      payload: { defaultTicketsManagerWidth: 300 },
    });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().field).toBe("defaultTicketsManagerWidth");
  });
});

describe("profile images", () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const multipart = (field: string, filename: string, type: string, bytes: Buffer) => {
    const boundary = "----inboxtest";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nuser\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  };

  it("uploads an image, answers user.profileImage and serves the file", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const body = multipart("profileImage", "me.png", "image/png", png);
    const res = await server.app.inject({
      method: "POST",
      url: `/users/${team.user.id}/media-upload`,
      headers: { ...team.userSession.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const path = res.json().user.profileImage as string;
    expect(path).toMatch(new RegExp(`^/public/company${team.company.id}/profile/.+\\.png$`));
    const file = await server.app.inject({ method: "GET", url: path });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it("refuses a file that is not an image", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const body = multipart("profileImage", "x.sh", "text/plain", Buffer.from("echo"));
    const res = await server.app.inject({
      method: "POST",
      url: `/users/${team.user.id}/media-upload`,
      headers: { ...team.userSession.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("profileImage");
  });
});

describe("deleting users", () => {
  it("an admin deletes a user, who can no longer act", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const res = await server.app.inject({
      method: "DELETE",
      url: `/users/${team.user.id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: "GET", url: "/auth/me", headers: team.userSession.headers }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await server.app.inject({
          method: "GET",
          url: `/users/${team.user.id}`,
          headers: team.adminSession.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("an ordinary user cannot delete, and an admin cannot delete themself (ERR_USER_DELETE_SELF)", async () => {
    const team = await buildTeam(server.app, server.database.db);
    const byUser = await server.app.inject({
      method: "DELETE",
      url: `/users/${team.admin.id}`,
      headers: team.userSession.headers,
    });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error).toBe("ERR_NO_PERMISSION");
    const self = await server.app.inject({
      method: "DELETE",
      url: `/users/${team.admin.id}`,
      headers: team.adminSession.headers,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      error: "ERR_USER_DELETE_SELF",
      message: "You cannot delete your own user",
    });
    // Still there, still signed in.
    const still = await server.app.inject({
      method: "GET",
      url: `/users/${team.admin.id}`,
      headers: team.adminSession.headers,
    });
    expect(still.statusCode).toBe(200);
  });
});
