import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
} from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import {
  contactTags,
  messages,
  schedules,
  tags,
  ticketNotes,
  tickets,
  ticketTags,
  userQueues,
  users,
  whatsappQueues,
} from "./schema/index.js";

/**
 * The database keeps companies apart by itself: every reference between
 * company-owned rows is a composite (company_id, id) key, so SQL that points a
 * row at another company's row is refused, whatever the code above it does.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

/** The database's refusal: a foreign-key violation (SQLSTATE 23503), possibly wrapped by drizzle. */
async function refused(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    let current: unknown = error;
    while (current && (current as { code?: string }).code !== "23503")
      current = (current as { cause?: unknown }).cause;
    expect((current as { code?: string } | undefined)?.code, String(error)).toBe("23503");
    return (current as { constraint?: string }).constraint ?? "";
  }
  throw new Error("the database accepted a reference to another company's row");
}

async function world() {
  const mine = await buildCompany(db());
  const theirs = await buildCompany(db());
  const [myContact, theirContact] = [await buildContact(db(), mine.id), await buildContact(db(), theirs.id)];
  const [myUser, theirUser] = [await buildUser(db(), mine.id), await buildUser(db(), theirs.id)];
  const [myQueue, theirQueue] = [await buildQueue(db(), mine.id), await buildQueue(db(), theirs.id)];
  const [myConnection, theirConnection] = [
    await buildConnection(db(), mine.id),
    await buildConnection(db(), theirs.id),
  ];
  const myTicket = await buildTicket(db(), mine.id, { contactId: myContact.id });
  const theirTicket = await buildTicket(db(), theirs.id, { contactId: theirContact.id });
  const [myTag] = await db()
    .insert(tags)
    .values({ companyId: mine.id, name: "t", color: "#000" })
    .returning();
  const [theirTag] = await db()
    .insert(tags)
    .values({ companyId: theirs.id, name: "t", color: "#000" })
    .returning();
  return {
    mine,
    theirs,
    myContact,
    theirContact,
    myUser,
    theirUser,
    myQueue,
    theirQueue,
    myConnection,
    theirConnection,
    myTicket,
    theirTicket,
    myTag: myTag!,
    theirTag: theirTag!,
  };
}

describe("references stay inside their company, in SQL", () => {
  it("refuses a ticket, message, note, link or schedule that names another company's row", async () => {
    const w = await world();
    const companyId = w.mine.id;
    // A ticket of mine for their contact, on their connection, for their user or queue.
    expect(await refused(db().insert(tickets).values({ companyId, contactId: w.theirContact.id }))).toBe(
      "tickets_contact_id_fk",
    );
    for (const [field, value, constraint] of [
      ["whatsappId", w.theirConnection.id, "tickets_whatsapp_id_fk"],
      ["userId", w.theirUser.id, "tickets_user_id_fk"],
      ["queueId", w.theirQueue.id, "tickets_queue_id_fk"],
    ] as const) {
      expect(
        await refused(
          db()
            .update(tickets)
            .set({ [field]: value })
            .where(eq(tickets.id, w.myTicket.id)),
        ),
      ).toBe(constraint);
    }
    // A message of mine in their ticket.
    expect(
      await refused(
        db()
          .insert(messages)
          .values({ companyId, ticketId: w.theirTicket.id, contactId: w.myContact.id, body: "x" }),
      ),
    ).toBe("messages_ticket_id_fk");
    // Notes, tag links, queue links and schedules.
    expect(
      await refused(db().insert(ticketNotes).values({ companyId, contactId: w.theirContact.id, note: "x" })),
    ).toBe("ticket_notes_contact_id_fk");
    expect(
      await refused(
        db().insert(ticketTags).values({ companyId, ticketId: w.myTicket.id, tagId: w.theirTag.id }),
      ),
    ).toBe("ticket_tags_tag_id_fk");
    expect(
      await refused(
        db().insert(contactTags).values({ companyId, contactId: w.theirContact.id, tagId: w.myTag.id }),
      ),
    ).toBe("contact_tags_contact_id_fk");
    expect(
      await refused(
        db().insert(userQueues).values({ companyId, userId: w.myUser.id, queueId: w.theirQueue.id }),
      ),
    ).toBe("user_queues_queue_id_fk");
    expect(
      await refused(
        db()
          .insert(whatsappQueues)
          .values({ companyId, whatsappId: w.theirConnection.id, queueId: w.myQueue.id }),
      ),
    ).toBe("whatsapp_queues_whatsapp_id_fk");
    expect(
      await refused(
        db().insert(schedules).values({
          companyId,
          contactId: w.myContact.id,
          ticketId: w.theirTicket.id,
          body: "x",
          sendAt: new Date(),
        }),
      ),
    ).toBe("schedules_ticket_id_fk");
    // A row cannot move to another company while it still points at this one's rows.
    expect(
      await refused(
        db().update(tickets).set({ companyId: w.theirs.id }).where(eq(tickets.id, w.myTicket.id)),
      ),
    ).toBe("tickets_contact_id_fk");
    // The same rows inside one company are fine.
    await db().insert(ticketTags).values({ companyId, ticketId: w.myTicket.id, tagId: w.myTag.id });
    await db()
      .update(tickets)
      .set({ userId: w.myUser.id, queueId: w.myQueue.id, whatsappId: w.myConnection.id })
      .where(eq(tickets.id, w.myTicket.id));
  });

  it("deleting a referenced row still clears optional references and cascades owned rows, keeping the company", async () => {
    const w = await world();
    await db()
      .update(tickets)
      .set({ userId: w.myUser.id, queueId: w.myQueue.id })
      .where(eq(tickets.id, w.myTicket.id));
    await db()
      .insert(messages)
      .values({ companyId: w.mine.id, ticketId: w.myTicket.id, contactId: w.myContact.id, body: "oi" });
    await db().delete(users).where(eq(users.id, w.myUser.id));
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, w.myTicket.id));
    expect(ticket).toMatchObject({ userId: null, queueId: w.myQueue.id, companyId: w.mine.id });
    // The contact owns its tickets and their messages.
    const { contacts } = await import("./schema/index.js");
    await db().delete(contacts).where(eq(contacts.id, w.myContact.id));
    expect(await db().select().from(tickets).where(eq(tickets.id, w.myTicket.id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.ticketId, w.myTicket.id))).toEqual([]);
    // Their rows were never touched.
    expect(await db().select().from(tickets).where(eq(tickets.id, w.theirTicket.id))).toHaveLength(1);
  });
});
