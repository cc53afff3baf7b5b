import { randomBytes } from "node:crypto";
import { type AuthenticationCreds, BufferJSON, initAuthCreds, proto } from "baileys";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { baileysAuth } from "../../db/schema/index.js";
import {
  clearAuthState,
  hasStoredCreds,
  listConnectionsWithCreds,
  useDatabaseAuthState,
} from "./auth-state.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function twoConnections() {
  const db = server.database.db;
  const company = await buildCompany(db);
  const other = await buildCompany(db);
  const mine = await buildConnection(db, company.id, { channel: "whatsapp" });
  const theirs = await buildConnection(db, other.id, { channel: "whatsapp" });
  return {
    mine: { companyId: company.id, whatsappId: mine.id },
    theirs: { companyId: other.id, whatsappId: theirs.id },
  };
}

const rowsOf = (scope: { companyId: number; whatsappId: number }) =>
  server.database.db
    .select({ key: baileysAuth.key })
    .from(baileysAuth)
    .where(and(eq(baileysAuth.companyId, scope.companyId), eq(baileysAuth.whatsappId, scope.whatsappId)));

describe("database auth state", () => {
  it("starts from fresh creds, saves them, and reads them back with real Buffers", async () => {
    const db = server.database.db;
    const { mine } = await twoConnections();
    const first = await useDatabaseAuthState(db, mine);
    expect(first.state.creds.registered).toBe(false);
    expect(await hasStoredCreds(db, mine)).toBe(false);

    first.state.creds.me = { id: "5511988887777:3@s.whatsapp.net", name: "Shop" };
    await first.saveCreds();
    expect(await hasStoredCreds(db, mine)).toBe(true);

    const again = await useDatabaseAuthState(db, mine);
    const creds: AuthenticationCreds = again.state.creds;
    expect(creds.me?.id).toBe("5511988887777:3@s.whatsapp.net");
    expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
    expect(
      Buffer.compare(Buffer.from(creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private)),
    ).toBe(0);
    expect(creds.signedPreKey.keyId).toBe(first.state.creds.signedPreKey.keyId);
  });

  it("writes keys as type-id rows, reads them in one call, deletes on null", async () => {
    const db = server.database.db;
    const { mine } = await twoConnections();
    const { state } = await useDatabaseAuthState(db, mine);
    const preKey = { public: randomBytes(32), private: randomBytes(32) };
    const session = randomBytes(64);
    const appKey = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: randomBytes(32),
      timestamp: 1_700_000_000,
    });

    await state.keys.set({
      "pre-key": { "1": preKey, "2": { public: randomBytes(32), private: randomBytes(32) } },
      session: { "5511912345678.0": session },
      "app-state-sync-key": { AAAA: appKey },
      "lid-mapping": { "5511912345678": "123456789012345" },
    });
    const keys = (await rowsOf(mine)).map((r) => r.key).sort();
    expect(keys).toEqual([
      "app-state-sync-key-AAAA",
      "lid-mapping-5511912345678",
      "pre-key-1",
      "pre-key-2",
      "session-5511912345678.0",
    ]);

    const preKeys = await state.keys.get("pre-key", ["1", "missing"]);
    expect(Object.keys(preKeys)).toEqual(["1"]);
    expect(Buffer.isBuffer(preKeys["1"]?.private)).toBe(true);
    expect(Buffer.from(preKeys["1"]?.private ?? []).equals(preKey.private)).toBe(true);
    const sessions = await state.keys.get("session", ["5511912345678.0"]);
    expect(Buffer.from(sessions["5511912345678.0"] ?? []).equals(session)).toBe(true);
    const appKeys = await state.keys.get("app-state-sync-key", ["AAAA"]);
    // Baileys calls protobuf methods on this one: it must come back as the class.
    expect(appKeys.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(appKeys.AAAA?.keyData ?? []).equals(Buffer.from(appKey.keyData ?? []))).toBe(true);
    expect(await state.keys.get("lid-mapping", ["5511912345678"])).toEqual({
      "5511912345678": "123456789012345",
    });

    // Overwrite one key and delete another in one call.
    const replaced = { public: randomBytes(32), private: randomBytes(32) };
    await state.keys.set({ "pre-key": { "1": replaced, "2": null } });
    const after = await state.keys.get("pre-key", ["1", "2"]);
    expect(Object.keys(after)).toEqual(["1"]);
    expect(Buffer.from(after["1"]?.public ?? []).equals(replaced.public)).toBe(true);
  });

  it("stores values with Baileys' BufferJSON encoding", async () => {
    const db = server.database.db;
    const { mine } = await twoConnections();
    const { state } = await useDatabaseAuthState(db, mine);
    const session = randomBytes(16);
    await state.keys.set({ session: { abc: session } });
    const [row] = await db
      .select({ value: baileysAuth.value })
      .from(baileysAuth)
      .where(and(eq(baileysAuth.whatsappId, mine.whatsappId), eq(baileysAuth.key, "session-abc")));
    expect(row?.value).toBe(JSON.stringify(session, BufferJSON.replacer));
  });

  it("handles a pre-key upload larger than one INSERT batch", async () => {
    const db = server.database.db;
    const { mine } = await twoConnections();
    const { state } = await useDatabaseAuthState(db, mine);
    const many = Object.fromEntries(
      Array.from({ length: 812 }, (_, i) => [
        String(i),
        { public: randomBytes(32), private: randomBytes(32) },
      ]),
    );
    await state.keys.set({ "pre-key": many });
    const back = await state.keys.get("pre-key", Object.keys(many));
    expect(Object.keys(back)).toHaveLength(812);
  });

  it("clear() wipes only that connection's rows; another company's rows stay", async () => {
    const db = server.database.db;
    const { mine, theirs } = await twoConnections();
    for (const scope of [mine, theirs]) {
      const auth = await useDatabaseAuthState(db, scope);
      await auth.saveCreds();
      await auth.state.keys.set({ session: { x: randomBytes(8) } });
    }
    const auth = await useDatabaseAuthState(db, mine);
    await auth.clear();
    expect(await rowsOf(mine)).toEqual([]);
    expect((await rowsOf(theirs)).map((r) => r.key).sort()).toEqual(["creds", "session-x"]);
    expect(await hasStoredCreds(db, theirs)).toBe(true);
    // A fresh load after the wipe starts unpaired again.
    expect((await useDatabaseAuthState(db, mine)).state.creds.me).toBeUndefined();
  });

  it("never reads or writes through another company's id", async () => {
    const db = server.database.db;
    const { mine, theirs } = await twoConnections();
    const owner = await useDatabaseAuthState(db, theirs);
    await owner.state.keys.set({ session: { secret: randomBytes(8) } });
    // Same connection id, wrong company: sees nothing, deletes nothing.
    const intruder = await useDatabaseAuthState(db, {
      companyId: mine.companyId,
      whatsappId: theirs.whatsappId,
    });
    expect(await intruder.state.keys.get("session", ["secret"])).toEqual({});
    await clearAuthState(db, { companyId: mine.companyId, whatsappId: theirs.whatsappId });
    expect(await rowsOf(theirs)).toHaveLength(1);
  });

  it("lists whatsapp-channel connections that have creds, across companies", async () => {
    const db = server.database.db;
    const { mine, theirs } = await twoConnections();
    await (await useDatabaseAuthState(db, theirs)).saveCreds();
    const listed = await listConnectionsWithCreds(db);
    expect(listed).toContainEqual({ id: theirs.whatsappId, companyId: theirs.companyId });
    expect(listed.some((c) => c.id === mine.whatsappId)).toBe(false);
    // initAuthCreds is what an unpaired connection starts from; nothing is stored until saveCreds.
    expect(initAuthCreds().registered).toBe(false);
  });
});
