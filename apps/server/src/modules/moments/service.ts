import {
  MOMENTS_COLUMN_CAP,
  type MomentItem,
  momentColumnOf,
  readableLastMessage,
  type UsersMoments,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import type { RequestContext } from "../../http/context.js";
import { fileUrl } from "../../storage/file-url.js";
import { previewOf } from "../messages/preview.js";
import { authorizeMoments } from "./policy.js";
import { MomentsRepo, type MomentTicketRow } from "./repo.js";

/** The attendance panel (spec 2, /moments): read only; it stays live from the ticket events. */
export class MomentsService {
  private readonly repo: MomentsRepo;

  constructor(
    deps: { db: Db },
    private readonly cap = MOMENTS_COLUMN_CAP,
  ) {
    this.repo = new MomentsRepo(deps.db);
  }

  async usersMoments(ctx: RequestContext): Promise<UsersMoments> {
    authorizeMoments(ctx.user);
    const { companyId } = ctx;
    // Independent reads: on PostgreSQL they run side by side on the pool's connections.
    const [users, pending, rows, queues, whatsapps] = await Promise.all([
      this.repo.usersWithOpenCounts(companyId),
      this.repo.pendingCount(companyId),
      this.repo.tickets(companyId, this.cap),
      this.repo.queues(companyId),
      this.repo.whatsapps(companyId),
    ]);

    // 'Pendentes' read two capped ranges (pending, open without a user): keep its `cap` most recent.
    let pendingShown = 0;
    const tickets: MomentItem[] = [];
    for (const row of rows) {
      if (momentColumnOf({ status: row.status, userId: row.user_id }) === null) {
        if (pendingShown === this.cap) continue;
        pendingShown += 1;
      }
      tickets.push(present(row));
    }

    return {
      users: users.map(({ id, name, online }) => ({ id, name, online })),
      columns: [
        ...(pending > 0 ? [{ userId: null, count: pending }] : []),
        ...users.filter((u) => u.open > 0).map((u) => ({ userId: u.id, count: u.open })),
      ],
      tickets,
      queues,
      whatsapps,
    };
  }
}

function present(row: MomentTicketRow): MomentItem {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    userId: row.user_id,
    queueId: row.queue_id,
    whatsappId: row.whatsapp_id,
    contact: {
      id: row.contact_id,
      name: row.contact_name,
      // Masked for ordinary users under LGPD by the route (config.numbers).
      number: row.contact_number,
      profilePicUrl: fileUrl(row.contact_picture),
    },
    lastMessage: previewOf(readableLastMessage(row.last_message)),
    unreadMessages: Number(row.unread_messages),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
