import { eq } from "drizzle-orm";
import { messages, tickets } from "../src/db/schema/index.js";
import { connectedCompany, eventually, type startMetaWorld } from "./meta.js";

/**
 * The setup of the message tests: a Cloud API company where a contact wrote, in a meta world
 * (meta-sim as Meta), and what a test reads back: rows, the sim's sends, a multipart body.
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;

let counter = 0;
/** A fresh contact number. */
export const newNumber = () =>
  `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/**
 * Helpers bound to the file's world (`world` is read at each call: files start it in `beforeAll`).
 */
export function metaConversations(world: () => MetaWorld) {
  const db = () => world().server.database.db;

  async function messageRow(id: number) {
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    return row;
  }

  return {
    db,
    messageRow,

    /** A Cloud API company where a contact wrote "Oi": its ticket, the inbound message, the admin who answers. */
    async conversation() {
      const account = await connectedCompany(world(), "whatsappapi");
      const from = newNumber();
      const inbound = await world().sim.cloud.text(account.accountId, { from, body: "Oi" });
      const inboundId = inbound.providerMessageId as string;
      const companyId = account.team.company.id;
      const ticket = await eventually(async () => {
        const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
        return row?.unreadMessages === 1 ? row : undefined;
      });
      return {
        account,
        from,
        inboundId,
        ticket,
        companyId,
        name: account.team.admin.name,
        headers: account.team.adminSession.headers,
      };
    },

    post: (url: string, headers: Record<string, string>, payload?: unknown) =>
      world().server.app.inject({ method: "POST", url, headers, payload: payload as object }),

    /** Successful sends the sim received for this contact. */
    sendsTo: (to: string) => world().sim.sent.filter((s) => s.recipient === to && s.id),

    /** The message once the outbound path stored its provider id (the sim accepted it). */
    sentRow: (id: number) =>
      eventually(async () => {
        const row = await messageRow(id);
        return row?.providerMessageId ? row : undefined;
      }),
  };
}

/** A multipart/form-data body of fields and files, and its content-type header. */
export function multipart(
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; type: string; bytes: Buffer }
  )[],
) {
  const boundary = `----msg${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
