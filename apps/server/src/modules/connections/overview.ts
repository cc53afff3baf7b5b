import type { PlatformConnectionDto } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { presentForPlatform } from "./presenter.js";
import { ConnectionsRepo } from "./repo.js";

/**
 * The platform owner's view of every company's connections (spec 2: /allConnections, super only).
 * Answers what a connection is and its state; nothing that acts on it (presentForPlatform).
 */
export class ConnectionsOverview {
  private readonly repo: ConnectionsRepo;

  constructor(private readonly deps: { db: Db; publicUrl: string }) {
    this.repo = new ConnectionsRepo(deps.db);
  }

  /** GET /whatsapp/all: every company's connections, by company then name. */
  async listAll(ctx: RequestContext): Promise<PlatformConnectionDto[]> {
    authorizePlatform(ctx);
    return (await this.repo.listAll()).map((row) => ({
      ...presentForPlatform(row, this.deps.publicUrl),
      companyId: row.companyId,
      companyName: row.companyName,
    }));
  }

  /**
   * GET /whatsapp?companyId=: the company a request names, for a super user only (the link from
   * /allConnections). Anyone else's request names their own company, whatever it says.
   */
  companyOf(ctx: RequestContext, requested: number | undefined): number {
    return ctx.user.super && requested ? requested : ctx.companyId;
  }

  /** Another company's connections, as the owner sees them (the caller checked companyOf). */
  async listOf(companyId: number, channel?: string) {
    return (await this.repo.list(companyId, channel)).map((row) =>
      presentForPlatform(row, this.deps.publicUrl),
    );
  }
}

function authorizePlatform(ctx: RequestContext): void {
  if (!ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
}
