import type { InferSelectModel } from "drizzle-orm";
import type { users } from "../db/schema/index.js";

export type UserRow = InferSelectModel<typeof users>;

/**
 * Who is asking, built only from the verified access token and the user row
 * it names. Repos take this and filter by `companyId`; nothing else in a
 * request may choose the tenant.
 */
export interface RequestContext {
  companyId: number;
  user: UserRow;
  /**
   * The queues the user works in, read with the user at authentication (one statement, not one more
   * per request). Absent where a context is built otherwise (sockets, jobs, tests): read when needed.
   */
  queueIds?: number[];
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the authenticate hook on every private route. */
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /**
     * The kind of record a route's `:id`-style params name, for the
     * cross-tenant sweep (`test/tenant-sweep.test.ts`). Every private route
     * with params must declare it.
     */
    owner?: string;
    /** Marks a route that is reachable without a token. */
    public?: boolean;
    /**
     * How the answer is masked for a user who may not see contacts' numbers
     * (LGPD: privacy/number-masks.ts). Services answer numbers whole; a route
     * whose response schema holds a number must name its mask or the app
     * does not start.
     */
    numbers?: (payload: never) => unknown;
  }
}
