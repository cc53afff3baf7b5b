import { PLAN_FLAG_ERROR_CODES, PLAN_FLAGS, type PlanFlag } from "@inbox/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { companies, plans } from "../db/schema/index.js";
import { AppError } from "./app-error.js";

/**
 * What a route declares in `config.planFeature` (spec 2 section 3: a plan's use flags gate their
 * areas). Usually one flag; a route whose area depends on its body (a connection's channel) names
 * every flag it may need and how to read the one a request needs from the body, not yet validated
 * (the gate runs before validation, so a switched-off area answers its code to any request).
 */
export type PlanFeatureDeclaration =
  | PlanFlag
  | { flags: readonly PlanFlag[]; of: (body: unknown) => PlanFlag | undefined };

export type PlanFlagValues = Record<PlanFlag, boolean>;

/** How long a company's flags are trusted without being read again. */
const DEFAULT_TTL_MS = 5_000;

/**
 * The use flags of each company's plan, read at most once per company and period: gated routes
 * ask on every request. A plan edited through PUT /plans on this process takes effect at once
 * (PlansService calls `invalidate`); another process's edit and a company moved to another plan
 * take effect within the period (5 s), with no message between processes.
 */
export class PlanFeatures {
  private readonly known = new Map<number, { flags: PlanFlagValues; expires: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { ttlMs?: number } = {},
  ) {}

  async flags(companyId: number): Promise<PlanFlagValues> {
    const hit = this.known.get(companyId);
    if (hit && hit.expires > Date.now()) return hit.flags;
    const generation = this.generation;
    const flags = await this.load(companyId);
    // A read that raced an invalidation is answered but not kept.
    if (generation === this.generation) {
      this.known.set(companyId, { flags, expires: Date.now() + (this.options.ttlMs ?? DEFAULT_TTL_MS) });
    }
    return flags;
  }

  /** Refuses with the flag's own code when the company's plan switches it off. */
  async require(companyId: number, flag: PlanFlag): Promise<void> {
    if (!(await this.flags(companyId))[flag]) throw planFeatureError(flag);
  }

  /** A plan or a company's plan changed: read again next time (one company, or all of them). */
  invalidate(companyId?: number): void {
    this.generation += 1;
    if (companyId === undefined) this.known.clear();
    else this.known.delete(companyId);
  }

  private async load(companyId: number): Promise<PlanFlagValues> {
    const [row] = await this.db
      .select({ plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1);
    // A company without a plan row keeps every feature (the spec's default for each flag is true).
    return Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, row?.plan[flag] ?? true])) as PlanFlagValues;
  }
}

export function planFeatureError(
  flag: PlanFlag,
  options: { message?: string; field?: string } = {},
): AppError {
  return new AppError(PLAN_FLAG_ERROR_CODES[flag], {
    status: 403,
    message: options.message ?? `The company's plan does not include this feature (${flag})`,
    ...(options.field ? { field: options.field } : {}),
  });
}

/** The flags a route may need, whatever the request (for the plan-flag sweep and the boot check). */
export function declaredFlags(declaration: PlanFeatureDeclaration | undefined): readonly PlanFlag[] {
  if (!declaration) return [];
  return typeof declaration === "string" ? [declaration] : declaration.flags;
}

function requestFlag(declaration: PlanFeatureDeclaration, req: FastifyRequest): PlanFlag | undefined {
  return typeof declaration === "string" ? declaration : declaration.of(req.body);
}

/**
 * A route that names an unknown flag would never be gated: the app does not start. A gated route's
 * API description (openapi.json) says which flag it needs and the code it answers without it.
 */
export function assertPlanFeature(route: {
  method: unknown;
  url: string;
  config?: unknown;
  schema?: { description?: string };
}): void {
  const declaration = (route.config as { planFeature?: PlanFeatureDeclaration } | undefined)?.planFeature;
  const flags = declaredFlags(declaration);
  for (const flag of flags) {
    if (!(PLAN_FLAGS as readonly string[]).includes(flag))
      throw new Error(`${String(route.method)} ${route.url}: unknown plan feature ${flag}`);
  }
  if (flags.length === 0 || !route.schema) return;
  const needs = flags.map((flag) => `${flag} (else 403 ${PLAN_FLAG_ERROR_CODES[flag]})`).join(", ");
  const note = typeof declaration === "string" ? `Plan flag: ${needs}.` : `Plan flag by the body: ${needs}.`;
  if (!route.schema.description?.includes(note))
    route.schema.description = route.schema.description ? `${route.schema.description} ${note}` : note;
}

/**
 * The gate of the private scope: after authentication, before validation, a route's declared
 * flag is checked against the caller's company's plan. Routes only declare it.
 */
export function registerPlanGate(scope: FastifyInstance, features: PlanFeatures): void {
  scope.addHook("preValidation", async (req) => {
    const declaration = req.routeOptions.config.planFeature;
    if (!declaration || !req.ctx) return;
    const flag = requestFlag(declaration, req);
    if (flag && (PLAN_FLAGS as readonly string[]).includes(flag))
      await features.require(req.ctx.companyId, flag);
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The plan use flag the route's area needs (http/plan-gate.ts); the plan-flag sweep calls every one. */
    planFeature?: PlanFeatureDeclaration;
  }
  interface FastifyInstance {
    /** The plan flags cache: tests and services that change a plan call `invalidate`. */
    planFeatures: PlanFeatures;
  }
}
