import type { HelpDto, HelpPageDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login, type Session, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { helps } from "../../db/schema/index.js";

let server: TestServer;
let superUser: Session;
let admin: Session;
let user: Session;

beforeAll(async () => {
  server = await startTestServer();
  const team = await buildTeam(server.app, server.database.db);
  admin = team.adminSession;
  user = team.userSession;
  const owner = await buildAdmin(server.database.db, team.company.id, { super: true });
  superUser = await login(server.app, owner.email);
});
afterAll(() => server.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const inject = (method: Method, url: string, headers: object = {}, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const stored = async (id: number) =>
  (await server.database.db.select().from(helps).where(eq(helps.id, id)))[0];

async function createHelp(body: Record<string, unknown> = {}): Promise<HelpDto> {
  const res = await inject("POST", "/helps", superUser.headers, {
    title: unique("Ajuda"),
    description: "Como usar",
    video: "dQw4w9WgXcQ",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("helps: super users write, everyone reads", () => {
  it("creates, lists (list and page), changes and deletes a help video", async () => {
    const title = unique("Primeiros passos");
    const created = await inject("POST", "/helps", superUser.headers, {
      title: `  ${title}  `,
      video: "https://www.youtube.com/watch?v=abcDEF12_-x&t=10",
    });
    expect(created.statusCode, created.body).toBe(201);
    const help = created.json() as HelpDto;
    // Trimmed title, empty description by default, a pasted address read as its code.
    expect(help).toMatchObject({ title, description: "", video: "abcDEF12_-x" });

    for (const session of [user, admin, superUser]) {
      const list = await inject("GET", "/helps/list", session.headers);
      expect(list.statusCode).toBe(200);
      expect((list.json() as HelpDto[]).find((h) => h.id === help.id)).toEqual(help);
    }
    const page = await inject("GET", `/helps?searchParam=${encodeURIComponent(title)}`, user.headers);
    expect(page.json()).toEqual({ records: [help], count: 1, hasMore: false });

    const updated = await inject("PUT", `/helps/${help.id}`, superUser.headers, {
      id: help.id,
      description: "Novo texto",
      video: "https://youtu.be/ZZZZZZZZZZZ",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title, description: "Novo texto", video: "ZZZZZZZZZZZ" });

    const deleted = await inject("DELETE", `/helps/${help.id}`, superUser.headers);
    expect(deleted.statusCode).toBe(200);
    expect(await stored(help.id)).toBeUndefined();
    expect((await inject("DELETE", `/helps/${help.id}`, superUser.headers)).json().error).toBe(
      "ERR_NOT_FOUND",
    );
    expect((await inject("PUT", `/helps/${help.id}`, superUser.headers, { title: "x" })).statusCode).toBe(
      404,
    );
  });

  it("admins and users of any company cannot create, change or delete: 403 and nothing changes", async () => {
    const help = await createHelp();
    for (const session of [admin, user]) {
      const create = await inject("POST", "/helps", session.headers, { title: unique("x"), video: "abc" });
      expect(create.statusCode).toBe(403);
      expect(create.json().error).toBe("ERR_NO_PERMISSION");
      expect((await inject("PUT", `/helps/${help.id}`, session.headers, { title: "Taken" })).statusCode).toBe(
        403,
      );
      expect((await inject("DELETE", `/helps/${help.id}`, session.headers)).statusCode).toBe(403);
    }
    expect((await stored(help.id))?.title).toBe(help.title);
  });

  it("without a session the helps answer 401", async () => {
    expect((await inject("GET", "/helps/list")).statusCode).toBe(401);
    expect((await inject("GET", "/helps")).statusCode).toBe(401);
  });

  it("validation: title and video required, lengths, a video code that is not a code, a taken title", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ video: "abc" }, "title", "Required"],
      [{ title: "   ", video: "abc" }, "title", "Required"],
      [{ title: "x".repeat(101), video: "abc" }, "title", "Too Long!"],
      [{ title: unique("t") }, "video", "Required"],
      [{ title: unique("t"), video: "" }, "video", "Required"],
      [{ title: unique("t"), video: "<script>" }, "video", "Enter the video code"],
      [{ title: unique("t"), video: "https://evil.example/watch?v=abc" }, "video", "Enter the video code"],
      [{ title: unique("t"), video: "abc", description: "d".repeat(1001) }, "description", "Too Long!"],
    ];
    for (const [body, field, message] of cases) {
      const res = await inject("POST", "/helps", superUser.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field });
      expect(res.json().message).toContain(message);
    }
    const taken = await createHelp();
    const again = await inject("POST", "/helps", superUser.headers, { title: taken.title, video: "abc" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_HELP_TITLE_ALREADY_EXISTS", field: "title" });
    const other = await createHelp();
    const rename = await inject("PUT", `/helps/${other.id}`, superUser.headers, { title: taken.title });
    expect(rename.json()).toMatchObject({ error: "ERR_HELP_TITLE_ALREADY_EXISTS", field: "title" });
  });

  it("two saves racing for one title give one help and a clear error", async () => {
    const title = unique("Corrida");
    const answers = await Promise.all(
      [1, 2].map(() => inject("POST", "/helps", superUser.headers, { title, video: "abc" })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
  });

  it("pages by title: every help once across pages, hasMore until the last, search by description", async () => {
    const mark = unique("pg");
    const made: HelpDto[] = [];
    for (let i = 0; i < 25; i++)
      made.push(
        await createHelp({ title: `${mark} ${String(i).padStart(2, "0")}`, description: `${mark}-d` }),
      );
    const seen: number[] = [];
    let pageNumber = 1;
    for (;;) {
      const res = await inject("GET", `/helps?searchParam=${mark}&pageNumber=${pageNumber}`, admin.headers);
      const page = res.json() as HelpPageDto;
      expect(page.count).toBe(25);
      seen.push(...page.records.map((h) => h.id));
      if (!page.hasMore) break;
      pageNumber++;
    }
    expect(pageNumber).toBe(2);
    expect(seen).toEqual(made.map((h) => h.id));
    const byDescription = await inject("GET", `/helps?searchParam=${mark}-d`, admin.headers);
    expect((byDescription.json() as HelpPageDto).count).toBe(25);
    const bad = await inject("GET", "/helps?pageNumber=0", admin.headers);
    expect(bad.statusCode).toBe(400);
  });
});

describe("content security policy for the help videos", () => {
  it("frames only YouTube's no-cookie player; thumbnails from YouTube's image host are named", async () => {
    const res = await inject("GET", "/version");
    const csp = String(res.headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive("frame-src")).toBe("frame-src https://www.youtube-nocookie.com");
    expect(directive("img-src")?.split(" ")).toContain("https://i.ytimg.com");
    expect(csp).not.toMatch(/frame-src[^;]*(\*|https:(?!\/\/))/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
