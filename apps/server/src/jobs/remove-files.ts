import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.js";
import type { Storage } from "../storage/storage.js";
import type { JobDefinition } from "./jobs.js";

export const REMOVE_FILES = "files.remove";

/**
 * Files go when their owner goes. Triggers (migration 0008) record the path
 * of every `/public/...` file whose row was deleted (a message, a ticket's or
 * a contact's messages by cascade, a user, a schedule, a quick message, an
 * announcement, a chat message, a connection's greeting media, a file list's option, a whole company) or whose path was replaced
 * (a new avatar, a deleted message's media). Every minute this job takes a
 * batch of those, deletes from disk the files no row refers to any more (a
 * forward shares its original's file), and forgets the batch. SKIP LOCKED:
 * several processes share the work.
 */
export class FileReaper {
  constructor(private readonly deps: { db: Db; storage: Storage }) {}

  /** One batch; answers how many recorded paths it handled. */
  async run(batch = 500): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const taken = rowsOf<{ id: string | number; path: string }>(
        await tx.execute(sql`
          SELECT id, path FROM file_deletions ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED
        `),
      );
      if (taken.length === 0) return 0;
      const paths = [...new Set(taken.map((row) => row.path))];
      const unused = rowsOf<{ path: string }>(await tx.execute(unusedPaths(paths)));
      for (const { path } of unused) await this.deps.storage.remove(path);
      const ids = taken.map((row) => Number(row.id));
      await tx.execute(sql`
        DELETE FROM file_deletions
        WHERE id IN (SELECT value::bigint FROM json_array_elements_text(${JSON.stringify(ids)}::json))
      `);
      return taken.length;
    });
  }
}

/**
 * The paths no row refers to any more. Each table is asked by an index on its path column (only
 * the settings tables, a few rows per company, are read whole): the job runs every minute, and
 * the chat's messages and the schedules grow with the years.
 */
export function unusedPaths(paths: string[]): SQL {
  return sql`
      SELECT p.path FROM json_array_elements_text(${JSON.stringify(paths)}::json) AS p(path)
      WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.media_url = p.path)
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_image = p.path)
        AND NOT EXISTS (
          SELECT 1 FROM contacts c
          WHERE c.company_id = substring(p.path FROM '^/public/company([0-9]+)/')::int
            -- Repeats the partial index's predicate (contacts_company_stored_picture_idx) so it applies.
            AND c.profile_pic_url = p.path AND c.profile_pic_url LIKE '/public/%'
        )
        AND NOT EXISTS (SELECT 1 FROM schedules s WHERE s.media_path = p.path)
        AND NOT EXISTS (SELECT 1 FROM quick_messages q WHERE q.media_path = p.path)
        AND NOT EXISTS (SELECT 1 FROM announcements a WHERE a.media_path = p.path)
        AND NOT EXISTS (SELECT 1 FROM chat_messages cm WHERE cm.media_path = p.path)
        AND NOT EXISTS (SELECT 1 FROM whatsapps w WHERE w.greeting_media_attachment = p.path)
        AND NOT EXISTS (SELECT 1 FROM campaigns ca WHERE ca.media_path = p.path)
        AND NOT EXISTS (SELECT 1 FROM file_list_options f WHERE f.path = p.path)`;
}

export function removeFilesJob(reaper: FileReaper): JobDefinition {
  return {
    name: REMOVE_FILES,
    cron: "* * * * *",
    async handle() {
      const deadline = Date.now() + 50_000;
      while ((await reaper.run()) === 500 && Date.now() < deadline) {}
    },
  };
}
