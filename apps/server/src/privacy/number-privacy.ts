import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companySettings } from "../db/schema/index.js";
import type { RequestContext, UserRow } from "../http/context.js";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * LGPD (spec 1 section 6, spec 2 section 3): with the company's `enableLGPD`
 * and `lgpdHideNumber` both enabled, an ordinary user (profile "user", not
 * super) never receives a contact's number, only its mask; admins and super
 * users see it whole. `hides` is the company's setting, `seesFullNumbers` the
 * viewer's side of the rule.
 */
export function seesFullNumbers(actor: Actor, companyHidesNumbers: boolean): boolean {
  return !companyHidesNumbers || mayAlwaysSeeNumbers(actor);
}

/** Admins and super users see numbers whatever the setting (the socket rooms of "whole" numbers). */
export function mayAlwaysSeeNumbers(actor: Actor): boolean {
  return actor.profile === "admin" || actor.super;
}

/** How long a company's setting is trusted without being read again (other processes' changes show within it). */
const DEFAULT_TTL_MS = 5_000;
/** How long past its period a value still serves an event (the request that read it is still running). */
const GRACE_MS = 1_000;

/**
 * Whether a company hides numbers, read once per company and period: every
 * answer and event that carries a contact asks, so it must be cheap. A
 * settings change calls `invalidate` (this process sees it at once, other
 * processes within the period and its grace: 6 s).
 */
export class NumberPrivacy {
  private readonly known = new Map<number, { hides: boolean; expires: number }>();
  private readonly loading = new Map<number, Promise<boolean>>();
  /** Per company, the emits waiting for the setting, so events keep their order. */
  private readonly waiting = new Map<number, Promise<void>>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { ttlMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  /** The company hides numbers from ordinary users (enableLGPD and lgpdHideNumber enabled). */
  hides(companyId: number): Promise<boolean> {
    const hit = this.known.get(companyId);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit.hides);
    return this.load(companyId);
  }

  /** The signed-in user gets masks instead of numbers, and may not search by number. */
  async masksFor(ctx: RequestContext): Promise<boolean> {
    if (mayAlwaysSeeNumbers(ctx.user)) return false;
    return this.hides(ctx.companyId);
  }

  /** The company's settings changed: read them again next time. */
  invalidate(companyId: number): void {
    this.generation += 1;
    this.known.delete(companyId);
    this.loading.delete(companyId);
  }

  /**
   * Runs `emit` with the company's setting, in call order per company: at
   * once when it is known, otherwise after it is read (later calls wait
   * behind). If the setting cannot be read, numbers are hidden.
   */
  inOrder(companyId: number, emit: (hides: boolean) => void): void {
    const hit = this.known.get(companyId);
    // A value that expired during the request that emits (read by its preHandler) still serves it.
    if (!this.waiting.has(companyId) && hit && hit.expires + GRACE_MS > Date.now()) {
      if (hit.expires <= Date.now()) void this.load(companyId).catch(() => undefined);
      emit(hit.hides);
      return;
    }
    const previous = this.waiting.get(companyId) ?? Promise.resolve();
    const next = previous
      .then(() =>
        this.hides(companyId).catch((err: unknown) => {
          this.options.onError?.(err);
          return true;
        }),
      )
      .then(emit)
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => {
        if (this.waiting.get(companyId) === next) this.waiting.delete(companyId);
      });
    this.waiting.set(companyId, next);
  }

  private load(companyId: number): Promise<boolean> {
    const pending = this.loading.get(companyId);
    if (pending) return pending;
    const generation = this.generation;
    const read = this.read(companyId).then(
      (hides) => {
        if (this.loading.get(companyId) === read) this.loading.delete(companyId);
        // A change during the read: this value may be the old one, so it is not kept.
        if (generation === this.generation)
          this.known.set(companyId, { hides, expires: Date.now() + (this.options.ttlMs ?? DEFAULT_TTL_MS) });
        return hides;
      },
      (err: unknown) => {
        if (this.loading.get(companyId) === read) this.loading.delete(companyId);
        throw err;
      },
    );
    this.loading.set(companyId, read);
    return read;
  }

  private async read(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: companySettings.enableLGPD, hide: companySettings.lgpdHideNumber })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    return row?.enabled === "enabled" && row.hide === "enabled";
  }
}
