import {
  HELP_PAGE_SIZE,
  type HelpCreateValues,
  type HelpDto,
  type HelpPageDto,
  type HelpUpdateValues,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { authorizeManageHelps } from "./policy.js";
import { presentHelp } from "./presenter.js";
import { HelpsRepo } from "./repo.js";

const titleTaken = () =>
  new AppError("ERR_HELP_TITLE_ALREADY_EXISTS", {
    field: "title",
    message: "Another help video already has this title",
  });
const notFound = () => new AppError("ERR_NOT_FOUND", { message: "Help not found" });

/**
 * Help videos (spec 2): one list for the whole platform, as in the Whaticket
 * family, where the super administrator records them for every company.
 * Super users write; every signed-in user reads. The title is unique (the
 * unique index decides, so two saves racing for one title give one row and a
 * clear error).
 */
export class HelpsService {
  private readonly repo: HelpsRepo;

  constructor(deps: { db: Db }) {
    this.repo = new HelpsRepo(deps.db);
  }

  /** GET /helps: the settings tab's table, paged and searchable. */
  async page(_ctx: RequestContext, query: { searchParam: string; pageNumber: number }): Promise<HelpPageDto> {
    const offset = (query.pageNumber - 1) * HELP_PAGE_SIZE;
    const { rows, count } = await this.repo.page({ term: query.searchParam, limit: HELP_PAGE_SIZE, offset });
    return { records: rows.map(presentHelp), count, hasMore: count > offset + rows.length };
  }

  /** GET /helps/list: the gallery and the menu's "any entries?" check. */
  async list(_ctx: RequestContext): Promise<HelpDto[]> {
    return (await this.repo.all()).map(presentHelp);
  }

  async create(ctx: RequestContext, input: HelpCreateValues): Promise<HelpDto> {
    authorizeManageHelps(ctx.user);
    try {
      return presentHelp(await this.repo.insert(input));
    } catch (error) {
      if (isUniqueViolation(error, "helps_title_key")) throw titleTaken();
      throw error;
    }
  }

  async update(ctx: RequestContext, id: number, input: HelpUpdateValues): Promise<HelpDto> {
    authorizeManageHelps(ctx.user);
    try {
      const row = await this.repo.update(id, input);
      if (!row) throw notFound();
      return presentHelp(row);
    } catch (error) {
      if (isUniqueViolation(error, "helps_title_key")) throw titleTaken();
      throw error;
    }
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeManageHelps(ctx.user);
    if (!(await this.repo.delete(id))) throw notFound();
  }
}
