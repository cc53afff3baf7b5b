import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { whatsappQueues, whatsapps } from "../../db/schema/index.js";
import type { Realtime } from "../../realtime/realtime.js";
import { presentConnection } from "./presenter.js";
import { ConnectionsRepo } from "./repo.js";

/** A record a connection may name, whose deletion changes the connection without its screens. */
export type ConnectionLink = "prompt" | "integration" | "flow" | "queue";

/**
 * Tells a company's clients about connections changed from elsewhere: deleting a prompt,
 * integration or flow clears the connections' references to it (ON DELETE SET NULL), and deleting
 * a queue removes it from their queues. Without the `whatsapp` update, an open connections screen
 * kept showing the link until it was read again.
 */
export class ConnectionAnnouncer {
  private readonly repo: ConnectionsRepo;

  constructor(private readonly deps: { db: Db; realtime: Realtime; publicUrl: string }) {
    this.repo = new ConnectionsRepo(deps.db);
  }

  /** The company's connections that name the record: read before it is deleted. */
  async linkedTo(
    companyId: number,
    link: ConnectionLink,
    id: number,
    runner: Db | Tx = this.deps.db,
  ): Promise<number[]> {
    if (link === "queue") {
      const rows = await runner
        .select({ id: whatsappQueues.whatsappId })
        .from(whatsappQueues)
        .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.queueId, id)));
      return rows.map((r) => r.id);
    }
    const columns = {
      prompt: [whatsapps.promptId],
      integration: [whatsapps.integrationId],
      flow: [whatsapps.flowIdWelcome, whatsapps.flowIdNotPhrase],
    }[link];
    const ids = new Set<number>();
    for (const column of columns) {
      const rows = await runner
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(column, id)));
      for (const row of rows) ids.add(row.id);
    }
    return [...ids];
  }

  /** Each connection as it is now, to every socket of the company (no configuration secrets). */
  async announce(companyId: number, ids: number[]): Promise<void> {
    for (const id of ids) {
      const row = await this.repo.find(companyId, id);
      if (!row) continue;
      this.deps.realtime.toCompany(companyId, "whatsapp", {
        action: "update",
        whatsapp: presentConnection(row, this.deps.publicUrl, { forManager: false }),
      });
    }
  }
}
