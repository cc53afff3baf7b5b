import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildContact, buildTeam, buildTicket } from "../../test/factories.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { planOf, scansOf } from "../../test/plans.js";
import { fileDeletions, fileListOptions, fileLists, messages, schedules, users } from "../db/schema/index.js";
import { localStorage, type Storage } from "../storage/storage.js";
import { FileReaper, unusedPaths } from "./remove-files.js";

let server: TestServer;
let storage: Storage;
let reaper: FileReaper;

beforeAll(async () => {
  server = await startTestServer();
  storage = localStorage(join(server.config.dataDir, "public"));
  reaper = new FileReaper({ db: server.database.db, storage });
});
afterAll(() => server.close());

const db = () => server.database.db;
const onDisk = (path: string) => existsSync(join(storage.root, path.slice("/public/".length)));

async function stored(companyId: number): Promise<string> {
  const { path } = await storage.save(companyId, "media", { bytes: SAMPLE_FILES.png, use: "media" });
  expect(onDisk(path)).toBe(true);
  return path;
}

async function mediaMessage(ticket: { id: number; companyId: number; contactId: number }, mediaUrl: string) {
  const [row] = await db()
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      fromMe: true,
      isPrivate: true,
      mediaType: "image",
      mediaUrl,
    })
    .returning();
  if (!row) throw new Error("no message");
  return row;
}

describe("files go when their owner goes (files.remove job)", () => {
  it("deleting a message, a ticket, a contact, a user or a schedule removes its files; a file still shared stays", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const admin = team.adminSession.headers;
    const connection = await buildConnection(db(), companyId);
    const contactA = await buildContact(db(), companyId);
    const contactB = await buildContact(db(), companyId);
    const ticketA = await buildTicket(db(), companyId, { contactId: contactA.id, whatsappId: connection.id });
    const ticketB = await buildTicket(db(), companyId, { contactId: contactB.id, whatsappId: connection.id });
    const ticketB2 = await buildTicket(db(), companyId, {
      contactId: contactB.id,
      whatsappId: connection.id,
      status: "closed",
    });

    const noteFile = await stored(companyId);
    const note = await mediaMessage(ticketA, noteFile);
    const ticketFile = await stored(companyId);
    await mediaMessage(ticketB2, ticketFile);
    const sharedFile = await stored(companyId);
    await mediaMessage(ticketB2, sharedFile);
    // A forward of it lives in ticket A, which stays.
    const forward = await mediaMessage(ticketA, sharedFile);
    const contactFile = await stored(companyId);
    await mediaMessage(ticketB, contactFile);
    const avatar = await stored(companyId);
    await db().update(users).set({ profileImage: avatar }).where(eq(users.id, team.user.id));
    const scheduleFile = await stored(companyId);
    const [schedule] = await db()
      .insert(schedules)
      .values({
        companyId,
        body: "x",
        contactId: contactA.id,
        sendAt: new Date(Date.now() + 3_600_000),
        mediaPath: scheduleFile,
        mediaName: "x.png",
      })
      .returning();

    const call = (method: "DELETE", url: string) => server.app.inject({ method, url, headers: admin });
    expect((await call("DELETE", `/messages/${note.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/tickets/${ticketB2.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/contacts/${contactB.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/users/${team.user.id}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/schedules/${schedule?.id}`)).statusCode).toBe(200);

    // The deleted message keeps its row (shown as deleted) without its file.
    const [deleted] = await db().select().from(messages).where(eq(messages.id, note.id));
    expect(deleted).toMatchObject({ isDeleted: true, mediaUrl: null });

    const recorded = (await db().select().from(fileDeletions)).map((r) => r.path);
    expect(recorded).toEqual(
      expect.arrayContaining([noteFile, ticketFile, sharedFile, contactFile, avatar, scheduleFile]),
    );
    while ((await reaper.run(2)) > 0) {}

    for (const gone of [noteFile, ticketFile, contactFile, avatar, scheduleFile])
      expect(onDisk(gone)).toBe(false);
    expect(onDisk(sharedFile)).toBe(true);
    // Handled paths are forgotten (the table may hold other test files' paths on a shared PostgreSQL).
    const left = (await db().select().from(fileDeletions)).map((r) => r.path);
    expect(left.filter((path) => recorded.includes(path))).toEqual([]);

    // The last message referring to the shared file goes: so does the file.
    await db().delete(messages).where(eq(messages.id, forward.id));
    await reaper.run();
    expect(onDisk(sharedFile)).toBe(false);
  });

  it("a replaced profile image is removed; the new one stays", async () => {
    const team = await buildTeam(server.app, db());
    const first = await stored(team.company.id);
    await db().update(users).set({ profileImage: first }).where(eq(users.id, team.user.id));
    const second = await stored(team.company.id);
    await db().update(users).set({ profileImage: second }).where(eq(users.id, team.user.id));
    await reaper.run();
    expect(onDisk(first)).toBe(false);
    expect(onDisk(second)).toBe(true);
  });

  it("a file list's options: a replaced or deleted list's files go, one a bot message shares stays", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const connection = await buildConnection(db(), companyId);
    const contact = await buildContact(db(), companyId);
    const ticket = await buildTicket(db(), companyId, { contactId: contact.id, whatsappId: connection.id });
    const [list] = await db().insert(fileLists).values({ companyId, name: "Catálogo" }).returning();
    const [replaced, sent, plain] = [
      await stored(companyId),
      await stored(companyId),
      await stored(companyId),
    ];
    const [option] = await db()
      .insert(fileListOptions)
      .values([
        { companyId, fileListId: list!.id, name: "Troca", path: replaced },
        { companyId, fileListId: list!.id, name: "Enviado", path: sent },
        { companyId, fileListId: list!.id, name: "Simples", path: plain },
      ])
      .returning();
    await mediaMessage({ ...ticket, contactId: contact.id }, sent);
    const fresh = await stored(companyId);
    await db().update(fileListOptions).set({ path: fresh }).where(eq(fileListOptions.id, option!.id));
    await db().delete(fileLists).where(eq(fileLists.id, list!.id));
    while ((await reaper.run()) > 0) {}
    expect([replaced, plain, fresh].map(onDisk)).toEqual([false, false, false]);
    expect(onDisk(sent)).toBe(true);
  });
});

describe("the reaper's question", () => {
  it("asks each table that grows (messages, contacts, schedules, the chat) by an index", async () => {
    const plan = await planOf(server.database, unusedPaths(["/public/company1/media/a.png"]));
    // Each by the path itself, not a walk of the company's rows (or of the whole table).
    for (const [table, index] of [
      ["messages", "messages_media_url_idx"],
      ["contacts", "contacts_company_stored_picture_idx"],
      ["schedules", "schedules_media_path_idx"],
      ["chat_messages", "chat_messages_media_path_idx"],
    ]) {
      const scans = scansOf(plan, table);
      expect(scans, table).toHaveLength(1);
      expect(scans[0], table).toMatch(new RegExp(`^Index (Only )?Scan ${index}$`));
    }
  });
});
