import type { Db } from "../db/client.js";
import { presentUser } from "../modules/users/presenter.js";
import { UsersRepo } from "../modules/users/repo.js";
import type { Realtime } from "../realtime/realtime.js";
import type { JobDefinition } from "./jobs.js";

export const MARK_USERS_OFFLINE = "users.mark-offline";

/**
 * The web app pings `userStatus` every 5 minutes; a user whose pings stopped
 * (closed tab, lost network) is marked offline and the company is told.
 * Runs every minute.
 */
export function markUsersOfflineJob(deps: {
  db: Db;
  realtime: Realtime;
  offlineAfterSeconds: number;
}): JobDefinition {
  const repo = new UsersRepo(deps.db);
  return {
    name: MARK_USERS_OFFLINE,
    cron: "* * * * *",
    async handle() {
      const before = new Date(Date.now() - deps.offlineAfterSeconds * 1000);
      const gone = await repo.markStaleOffline(before);
      for (const { id, companyId } of gone) {
        const user = await repo.findById(companyId, id);
        if (user) deps.realtime.toCompany(companyId, "user", { action: "update", user: presentUser(user) });
      }
    },
  };
}
