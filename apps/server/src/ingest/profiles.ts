import type { ChannelRegistry } from "../channels/registry.js";
import type { ConnectionCredentials } from "../channels/types.js";
import type { Storage } from "../storage/storage.js";

/** A contact's name and picture (a stored `/public` path) as the channel describes them. */
export interface Profile {
  name?: string;
  profilePicUrl?: string;
}

interface Entry {
  until: number;
  profile: Profile | null;
}

/**
 * Messenger and Instagram webhooks name a contact only by a PSID/IGSID: the
 * Graph profile lookup (`GET /{PSID}`) gives the name and picture. Answers
 * are cached per connection and contact (a failure for a short while, so a
 * Graph outage is not asked again for every message); the picture is stored
 * with our files (Meta's picture URLs expire). The webhook loop waits at most
 * `waitMs` for a lookup: a slow Graph leaves the contact named by its id, and
 * the lookup still fills the cache for the next message.
 */
export class ProfileLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Profile | null>>();

  constructor(
    private readonly deps: {
      channels: ChannelRegistry;
      storage: Storage;
      logger: { warn(obj: object, msg: string): void };
    },
    private readonly options = {
      ttlMs: 6 * 3_600_000,
      failureTtlMs: 10 * 60_000,
      waitMs: 3_000,
      max: 10_000,
    },
  ) {}

  async get(connection: ConnectionCredentials, userId: string): Promise<Profile | null> {
    const key = `${connection.id}:${userId}`;
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.profile;
    let loading = this.pending.get(key);
    if (!loading) {
      loading = this.load(connection, userId).then((profile) => {
        this.remember(key, profile);
        this.pending.delete(key);
        return profile;
      });
      this.pending.set(key, loading);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.options.waitMs);
    });
    try {
      return await Promise.race([loading, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private remember(key: string, profile: Profile | null): void {
    if (this.entries.size >= this.options.max) {
      // Oldest first (a Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    const ttl = profile ? this.options.ttlMs : this.options.failureTtlMs;
    this.entries.set(key, { until: Date.now() + ttl, profile });
  }

  private async load(connection: ConnectionCredentials, userId: string): Promise<Profile | null> {
    const adapter = this.deps.channels.get(connection.channel);
    if (!adapter?.profile) return null;
    try {
      const found = await adapter.profile(connection, userId);
      const profile: Profile = found.name ? { name: found.name } : {};
      if (found.pictureUrl) {
        try {
          const file = await adapter.downloadMedia(connection, { url: found.pictureUrl });
          const saved = await this.deps.storage.save(connection.companyId, "contacts", {
            bytes: file.bytes,
            name: `${userId}.jpg`,
            declaredType: file.mimeType,
            use: "image",
          });
          profile.profilePicUrl = saved.path;
        } catch (err) {
          // The name alone is still worth having.
          this.deps.logger.warn({ err, connectionId: connection.id, userId }, "profile picture not stored");
        }
      }
      return profile;
    } catch (err) {
      this.deps.logger.warn(
        { err, connectionId: connection.id, userId },
        "profile lookup failed; the id stays",
      );
      return null;
    }
  }
}
