import { LIMITS, type UserCreateInput, type UserDto, type UserUpdateInput } from "@inbox/shared";
import { hashPassword } from "../../auth/passwords.js";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { Storage } from "../../storage/storage.js";
import { companyLimits } from "../companies/limits.js";
import { CompaniesRepo } from "../companies/repo.js";
import { ConnectionsRepo } from "../connections/repo.js";
import { checkedQueueIds } from "../queues/links.js";
import { assertAdminOnlyFieldsUnchanged, assertSuperKept, authorize } from "./policy.js";
import { presentUser } from "./presenter.js";
import { type NewUser, UsersRepo, type UserWithQueues } from "./repo.js";

export interface UsersServiceDeps {
  db: Db;
  realtime: Realtime;
  storage: Storage;
}

/** Every state change of a user goes through here: rules, limits, events. */
export class UsersService {
  private readonly repo: UsersRepo;
  private readonly companies: CompaniesRepo;
  private readonly connections: ConnectionsRepo;

  constructor(private readonly deps: UsersServiceDeps) {
    this.repo = new UsersRepo(deps.db);
    this.companies = new CompaniesRepo(deps.db);
    this.connections = new ConnectionsRepo(deps.db);
  }

  async list(ctx: RequestContext, search: string, page: number) {
    authorize(ctx.user, "user:list");
    const pageSize = LIMITS.pageSize;
    const { rows, count } = await this.repo.list(ctx.companyId, { search, page, pageSize });
    return { users: rows.map((u) => presentUser(u)), count, hasMore: page * pageSize < count };
  }

  /** For pickers (filters, transfer): every attendant of the company, any profile may ask. */
  async listAll(ctx: RequestContext): Promise<UserDto[]> {
    return (await this.repo.listAll(ctx.companyId)).map((u) => presentUser(u));
  }

  async show(ctx: RequestContext, id: number): Promise<UserDto> {
    const user = await this.find(ctx, id);
    authorize(ctx.user, "user:view", user);
    return presentUser(user);
  }

  async create(ctx: RequestContext, input: UserCreateInput): Promise<UserDto> {
    authorize(ctx.user, "user:create");
    const passwordHash = await hashPassword(input.password);
    const id = await this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const company = await this.companies.findWithPlan(ctx.companyId, tx);
      if (!company) throw new AppError("ERR_NO_PERMISSION");
      const existing = await this.repo.countInCompany(ctx.companyId, tx);
      // The company's own numberAttendants when set, else the plan's.
      const { users: limit } = companyLimits(company);
      if (existing >= limit) {
        throw new AppError("ERR_USER_CREATION_COUNT", {
          message: `The company may have ${limit} users and has ${existing}.`,
          details: { limit },
        });
      }
      if (await this.repo.emailTaken(input.email, undefined, tx)) {
        throw new AppError("ERR_USER_EMAIL_ALREADY_EXISTS", {
          field: "email",
          message: "An user with this email already exists.",
        });
      }
      const queueIds = await checkedQueueIds(tx, ctx.companyId, input.queueIds);
      await this.checkConnection(ctx, input.whatsappId, tx);
      const { password: _password, queueIds: _queueIds, ...fields } = input;
      return this.repo.insert(tx, ctx.companyId, { ...fields, passwordHash }, queueIds);
    });
    const created = await this.find(ctx, id);
    const dto = presentUser(created);
    this.deps.realtime.toCompany(ctx.companyId, "user", { action: "create", user: dto });
    return dto;
  }

  async update(ctx: RequestContext, id: number, input: UserUpdateInput): Promise<UserDto> {
    const target = await this.find(ctx, id);
    authorize(ctx.user, "user:update", target);
    assertAdminOnlyFieldsUnchanged(ctx.user, target, input);
    const { password, queueIds, ...fields } = input;
    const values: Partial<NewUser> = { ...fields };
    if (password) values.passwordHash = await hashPassword(password);
    // A new password or profile ends every session of that user (their own tab's too).
    const endsSessions =
      Boolean(password) || (input.profile !== undefined && input.profile !== target.profile);
    await this.deps.db.transaction(async (tx) => {
      if (target.super && input.profile !== undefined)
        assertSuperKept(target, input, await this.repo.otherSupers(tx, ctx.companyId, id));
      if (input.email && input.email !== target.email && (await this.repo.emailTaken(input.email, id, tx))) {
        throw new AppError("ERR_USER_EMAIL_ALREADY_EXISTS", {
          field: "email",
          message: "An user with this email already exists.",
        });
      }
      const checkedQueues = queueIds ? await checkedQueueIds(tx, ctx.companyId, queueIds) : undefined;
      if (input.whatsappId !== undefined) await this.checkConnection(ctx, input.whatsappId, tx);
      await this.repo.update(tx, ctx.companyId, id, values, checkedQueues);
      if (endsSessions) await this.repo.endSessions(tx, ctx.companyId, id);
    });
    const updated = await this.find(ctx, id);
    if (endsSessions) this.deps.realtime.endSessions(ctx.companyId, id);
    return this.announce(ctx, updated);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    const target = await this.find(ctx, id);
    if (target.id === ctx.user.id)
      throw new AppError("ERR_USER_DELETE_SELF", { message: "You cannot delete your own user" });
    authorize(ctx.user, "user:delete", target);
    await this.deps.db.transaction(async (tx) => {
      if (target.super)
        assertSuperKept(target, { deleting: true }, await this.repo.otherSupers(tx, ctx.companyId, id));
      await this.repo.delete(ctx.companyId, id, tx);
    });
    // Its tokens are refused from now on (no user); its open tabs lose their sockets now.
    this.deps.realtime.endSessions(ctx.companyId, id);
    if (target.profileImage) await this.deps.storage.remove(target.profileImage);
    this.deps.realtime.toCompany(ctx.companyId, "user", { action: "delete", userId: id });
  }

  async setTicketsPanelWidth(ctx: RequestContext, id: number, width: number): Promise<UserDto> {
    const target = await this.find(ctx, id);
    authorize(ctx.user, "user:setWidth", target);
    await this.deps.db.transaction((tx) =>
      this.repo.update(tx, ctx.companyId, id, { defaultTicketsManagerWidth: width }),
    );
    return this.announce(ctx, await this.find(ctx, id));
  }

  async setProfileImage(
    ctx: RequestContext,
    id: number,
    file: { filename: string; bytes: Buffer },
  ): Promise<UserDto> {
    const target = await this.find(ctx, id);
    authorize(ctx.user, "user:update", target);
    const { path } = await this.deps.storage.save(ctx.companyId, "profile", {
      bytes: file.bytes,
      name: file.filename,
      use: "image",
    });
    await this.deps.db.transaction((tx) => this.repo.update(tx, ctx.companyId, id, { profileImage: path }));
    if (target.profileImage) await this.deps.storage.remove(target.profileImage);
    return this.announce(ctx, await this.find(ctx, id));
  }

  private announce(ctx: RequestContext, user: UserWithQueues): UserDto {
    const dto = presentUser(user);
    this.deps.realtime.toCompany(ctx.companyId, "user", { action: "update", user: dto });
    // Rights or queues may have changed: the user's sockets now hear about other tickets.
    void this.deps.realtime.refreshAudience(ctx.companyId, user.id).catch(() => {});
    return dto;
  }

  private async find(ctx: RequestContext, id: number): Promise<UserWithQueues> {
    const user = await this.repo.findById(ctx.companyId, id);
    if (!user) throw new AppError("ERR_NO_USER_FOUND");
    return user;
  }

  private async checkConnection(
    ctx: RequestContext,
    whatsappId: number | null | undefined,
    tx: Tx,
  ): Promise<void> {
    if (whatsappId === null || whatsappId === undefined) return;
    if (!(await this.connections.exists(ctx.companyId, whatsappId, tx))) {
      throw new AppError("ERR_NO_WAPP_FOUND", { status: 400, field: "whatsappId" });
    }
  }
}
