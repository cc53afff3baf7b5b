import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "baileys";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { baileysAuth, whatsapps } from "../../db/schema/index.js";
import { ofCompany } from "../../db/tenant-scope.js";

/**
 * Baileys' auth state in `baileys_auth` rows instead of files: `creds` under
 * the key "creds", every signal key under `${type}-${id}`. Losing a signal-key
 * write breaks decryption with that contact, so every write is awaited and
 * batched writes go in one transaction.
 */

/** Which connection's rows; every query filters on both columns. */
export interface AuthScope {
  companyId: number;
  whatsappId: number;
}

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Persists `state.creds` (Baileys mutates that object in place before `creds.update`). */
  saveCreds(): Promise<void>;
  /** Deletes every row of this connection (after a logout). */
  clear(): Promise<void>;
}

const CREDS_KEY = "creds";
/** Rows per INSERT: far below PostgreSQL's 65535-parameter limit, and Baileys uploads ~800 pre-keys at once. */
const WRITE_CHUNK = 500;

const serialise = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const deserialise = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);
const rowKey = (type: string, id: string) => `${type}-${id}`;
const scopeFilter = (scope: AuthScope) =>
  ofCompany(baileysAuth, scope.companyId, eq(baileysAuth.whatsappId, scope.whatsappId));

export async function useDatabaseAuthState(db: Db, scope: AuthScope): Promise<DatabaseAuthState> {
  const stored = await readCreds(db, scope);
  const creds = stored ?? initAuthCreds();

  async function get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
    const result: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return result;
    const byKey = new Map(ids.map((id) => [rowKey(type, id), id]));
    const rows = await db
      .select({ key: baileysAuth.key, value: baileysAuth.value })
      .from(baileysAuth)
      .where(and(scopeFilter(scope), inArray(baileysAuth.key, [...byKey.keys()])));
    for (const row of rows) {
      const id = byKey.get(row.key);
      if (id === undefined) continue;
      let value = deserialise(row.value);
      // Baileys calls methods on this one, so it must be the protobuf class, not plain JSON.
      if (type === "app-state-sync-key" && value && typeof value === "object") {
        value = proto.Message.AppStateSyncKeyData.fromObject(value);
      }
      // The value is what Baileys itself serialised for this type.
      result[id] = value as SignalDataTypeMap[T];
    }
    return result;
  }

  async function set(data: SignalDataSet) {
    const upserts: { key: string; value: string }[] = [];
    const deletes: string[] = [];
    for (const [type, values] of Object.entries(data)) {
      for (const [id, value] of Object.entries(values ?? {})) {
        if (value === null || value === undefined) deletes.push(rowKey(type, id));
        else upserts.push({ key: rowKey(type, id), value: serialise(value) });
      }
    }
    if (upserts.length === 0 && deletes.length === 0) return;
    await db.transaction(async (tx) => {
      for (let i = 0; i < upserts.length; i += WRITE_CHUNK) {
        await upsertRows(tx, scope, upserts.slice(i, i + WRITE_CHUNK));
      }
      for (let i = 0; i < deletes.length; i += WRITE_CHUNK) {
        await tx
          .delete(baileysAuth)
          .where(and(scopeFilter(scope), inArray(baileysAuth.key, deletes.slice(i, i + WRITE_CHUNK))));
      }
    });
  }

  return {
    state: { creds, keys: { get, set } },
    saveCreds: () => upsertRows(db, scope, [{ key: CREDS_KEY, value: serialise(creds) }]),
    clear: () => clearAuthState(db, scope),
  };
}

type Writer = Pick<Db, "insert">;

async function upsertRows(db: Writer, scope: AuthScope, rows: { key: string; value: string }[]) {
  if (rows.length === 0) return;
  await db
    .insert(baileysAuth)
    .values(rows.map((row) => ({ ...row, companyId: scope.companyId, whatsappId: scope.whatsappId })))
    .onConflictDoUpdate({
      target: [baileysAuth.whatsappId, baileysAuth.key],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      // The primary key has no companyId; never let one tenant's write touch another's row.
      setWhere: eq(baileysAuth.companyId, scope.companyId),
    });
}

async function readCreds(db: Db, scope: AuthScope): Promise<AuthenticationCreds | undefined> {
  const [row] = await db
    .select({ value: baileysAuth.value })
    .from(baileysAuth)
    .where(and(scopeFilter(scope), eq(baileysAuth.key, CREDS_KEY)));
  // Written by saveCreds from an AuthenticationCreds.
  return row ? (deserialise(row.value) as AuthenticationCreds) : undefined;
}

export async function clearAuthState(db: Db, scope: AuthScope): Promise<void> {
  await db.delete(baileysAuth).where(scopeFilter(scope));
}

export async function hasStoredCreds(db: Db, scope: AuthScope): Promise<boolean> {
  const [row] = await db
    .select({ key: baileysAuth.key })
    .from(baileysAuth)
    .where(and(scopeFilter(scope), eq(baileysAuth.key, CREDS_KEY)));
  return Boolean(row);
}

/**
 * Every whatsapp-channel connection with stored creds, across companies: the
 * one deliberately cross-tenant query, used once at boot to restore sessions.
 */
export async function listConnectionsWithCreds(db: Db): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId })
    .from(whatsapps)
    .innerJoin(
      baileysAuth,
      and(
        eq(baileysAuth.whatsappId, whatsapps.id),
        eq(baileysAuth.companyId, whatsapps.companyId),
        eq(baileysAuth.key, CREDS_KEY),
      ),
    )
    .where(eq(whatsapps.channel, "whatsapp"))
    .orderBy(whatsapps.id);
}
