import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildTeam, buildUser, login } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { TestSockets } from "../../../test/sockets.js";
import { whatsapps } from "../../db/schema/index.js";
import { FileReaper } from "../../jobs/remove-files.js";
import { localStorage } from "../../storage/storage.js";

/** POST/DELETE /whatsapp/{id}/media-upload (spec 2 section 7): the file sent with the greeting. */

let server: TestServer;
let url: string;
let reaper: FileReaper;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  reaper = new FileReaper({
    db: server.database.db,
    storage: localStorage(join(server.config.dataDir, "public")),
  });
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
const onDisk = (path: string) =>
  existsSync(join(server.config.dataDir, "public", path.slice("/public/".length)));
const boundary = "----greeting";

function form(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const { field = "file", filename = "file.bin", type = "application/octet-stream" } = options;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(headers: Record<string, string>, id: number, body: ReturnType<typeof form>) {
  return server.app.inject({
    method: "POST",
    url: `/whatsapp/${id}/media-upload`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

async function stored(id: number) {
  const [row] = await db().select().from(whatsapps).where(eq(whatsapps.id, id));
  if (!row) throw new Error("no connection");
  return row;
}

describe("greeting media upload", () => {
  it("types the file from its bytes, answers it on the connection and tells the company", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id);
    const socket = await clients.open(team.userSession.token);
    const event = new Promise<{ action: string; whatsapp: Record<string, unknown> }>((resolve) =>
      socket.on(`company-${team.company.id}-whatsapp`, resolve),
    );
    // Named and declared as a PDF: the bytes say PNG, and PNG it is.
    const res = await upload(
      team.adminSession.headers,
      connection.id,
      form(SAMPLE_FILES.png, { filename: "boas-vindas.pdf", type: "application/pdf" }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.greetingMediaAttachment).toMatch(
      new RegExp(`^/public/company${team.company.id}/greeting/[\\w-]+\\.png$`),
    );
    expect(body).toMatchObject({ greetingMediaName: "boas-vindas.pdf", greetingMediaType: "image/png" });
    expect(onDisk(body.greetingMediaAttachment)).toBe(true);
    const row = await stored(connection.id);
    expect(row.greetingMediaAttachment).toBe(body.greetingMediaAttachment);
    const heard = await event;
    expect(heard).toMatchObject({
      action: "update",
      whatsapp: { id: connection.id, greetingMediaAttachment: body.greetingMediaAttachment },
    });
    // The event reaches every user of the company: no manager-only values in it.
    expect(heard.whatsapp.token).toBeNull();
  });

  it("accepts audio, video and documents as any message attachment", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id);
    for (const [bytes, type] of [
      [SAMPLE_FILES.ogg, "audio/ogg; codecs=opus"],
      [SAMPLE_FILES.mp4, "video/mp4"],
      [SAMPLE_FILES.pdf, "application/pdf"],
    ] as const) {
      const res = await upload(team.adminSession.headers, connection.id, form(bytes));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().greetingMediaType).toBe(type);
    }
  });

  it("a new file replaces the old one, which the files job then deletes", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id);
    const first = (await upload(team.adminSession.headers, connection.id, form(SAMPLE_FILES.png))).json();
    const second = (await upload(team.adminSession.headers, connection.id, form(SAMPLE_FILES.pdf))).json();
    expect(second.greetingMediaAttachment).not.toBe(first.greetingMediaAttachment);
    while ((await reaper.run()) > 0) {}
    expect(onDisk(first.greetingMediaAttachment)).toBe(false);
    expect(onDisk(second.greetingMediaAttachment)).toBe(true);
  });

  it("DELETE clears the columns and the file is deleted", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id);
    const { greetingMediaAttachment: path } = (
      await upload(team.adminSession.headers, connection.id, form(SAMPLE_FILES.png))
    ).json();
    const res = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${connection.id}/media-upload`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      greetingMediaAttachment: null,
      greetingMediaName: null,
      greetingMediaType: null,
    });
    expect(await stored(connection.id)).toMatchObject({
      greetingMediaAttachment: null,
      greetingMediaName: null,
      greetingMediaType: null,
    });
    while ((await reaper.run()) > 0) {}
    expect(onDisk(path)).toBe(false);
  });

  it("deleting the connection deletes its greeting file", async () => {
    const team = await buildTeam(server.app, db());
    const connection = await buildConnection(db(), team.company.id);
    const { greetingMediaAttachment: path } = (
      await upload(team.adminSession.headers, connection.id, form(SAMPLE_FILES.png))
    ).json();
    const res = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${connection.id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    while ((await reaper.run()) > 0) {}
    expect(onDisk(path)).toBe(false);
  });

  it("refuses another company's connection, an ordinary user, a missing or empty file", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const theirs = await buildConnection(db(), other.company.id);
    const mine = await buildConnection(db(), team.company.id);

    const foreign = await upload(team.adminSession.headers, theirs.id, form(SAMPLE_FILES.png));
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${theirs.id}/media-upload`,
      headers: team.adminSession.headers,
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await stored(theirs.id)).greetingMediaAttachment).toBeNull();

    const asUser = await upload(team.userSession.headers, mine.id, form(SAMPLE_FILES.png));
    expect(asUser.statusCode).toBe(403);
    const userDelete = await server.app.inject({
      method: "DELETE",
      url: `/whatsapp/${mine.id}/media-upload`,
      headers: team.userSession.headers,
    });
    expect(userDelete.statusCode).toBe(403);

    // A user with allowConnections manages connections as an admin does.
    const manager = await buildUser(db(), team.company.id, { allowConnections: "enabled" });
    const managerSession = await login(server.app, manager.email);
    expect((await upload(managerSession.headers, mine.id, form(SAMPLE_FILES.png))).statusCode).toBe(200);

    const wrongField = await upload(
      team.adminSession.headers,
      mine.id,
      form(SAMPLE_FILES.png, { field: "x" }),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    const empty = await upload(team.adminSession.headers, mine.id, form(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const json = await server.app.inject({
      method: "POST",
      url: `/whatsapp/${mine.id}/media-upload`,
      headers: team.adminSession.headers,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
  });
});
