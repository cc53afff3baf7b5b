import { randomBytes } from "node:crypto";
import {
  CHANNELS,
  type Channel,
  type ConnectionCreateInput,
  type ConnectionDto,
  type ConnectionRuleInput,
  type ConnectionUpdateInput,
  connectionRuleIssues,
  type FacebookPagesResult,
} from "@inbox/shared";
import { randomPassword } from "../../auth/passwords.js";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { detectFile, type Storage } from "../../storage/storage.js";
import { companyLimits } from "../companies/limits.js";
import { CompaniesRepo } from "../companies/repo.js";
import { channelAudio } from "../messages/channel-audio.js";
import { checkedQueueIds } from "../queues/links.js";
import { checkAutomationLinks } from "./automation-links.js";
import { authorizeChannel, authorizeManage, canManageConnections, channelAllowed } from "./policy.js";
import { presentConnection } from "./presenter.js";
import { checkProviderId, PROVIDER_ID_FIELDS, providerIdOf, refusingProviderIdRace } from "./provider-ids.js";
import {
  type ConnectionRow,
  ConnectionsRepo,
  type ConnectionWithQueues,
  type NewConnection,
} from "./repo.js";

/** Start, renew and end QR-code sessions (the Baileys session manager). */
export interface SessionControl {
  start(connection: ConnectionRow): Promise<void>;
  /** A new QR code: end the session, wipe its auth state, start again. */
  renew(connection: ConnectionRow): Promise<void>;
  stop(connection: ConnectionRow, options: { logout: boolean }): Promise<void>;
}

/** A page or Instagram account found through Facebook Login (POST /facebook). */
export interface PageAccountImport {
  channel: "facebook" | "instagram";
  /** The page id (facebook) or the Instagram business account id (instagram): what names the connection. */
  accountId: string;
  pageId: string;
  name: string;
  /** The page access token (Instagram sends through the page's token too). */
  accessToken: string;
  facebookUserId: string;
}

export interface ConnectionsDeps {
  db: Db;
  realtime: Realtime;
  publicUrl: string;
  sessions?: SessionControl;
  /** Where greeting media is kept (POST /whatsapp/{id}/media-upload). */
  storage?: Storage;
  logger?: { warn(obj: object, msg: string): void };
}

/** A file of POST /whatsapp/{id}/media-upload. */
export interface GreetingUpload {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

const META_CHANNELS = new Set(["whatsappapi", "facebook", "instagram"]);

export class ConnectionsService {
  private readonly repo: ConnectionsRepo;
  private readonly companies: CompaniesRepo;

  constructor(private readonly deps: ConnectionsDeps) {
    this.repo = new ConnectionsRepo(deps.db);
    this.companies = new CompaniesRepo(deps.db);
  }

  async list(ctx: RequestContext, channel?: string): Promise<ConnectionDto[]> {
    return (await this.repo.list(ctx.companyId, channel)).map((c) => this.present(c, ctx));
  }

  async show(ctx: RequestContext, id: number): Promise<ConnectionDto> {
    return this.present(await this.find(ctx, id), ctx);
  }

  async create(ctx: RequestContext, input: ConnectionCreateInput): Promise<ConnectionDto> {
    authorizeManage(ctx.user);
    const write = this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const company = await this.companies.findWithPlan(ctx.companyId, tx);
      if (!company) throw new AppError("ERR_NO_PERMISSION");
      authorizeChannel(company.plan, input.channel);
      const existing = await this.repo.count(ctx.companyId, tx);
      // The company's own numberConections when set, else the plan's.
      const { connections: limit } = companyLimits(company);
      if (existing >= limit) {
        throw new AppError("ERR_PLAN_CONNECTIONS_LIMIT", {
          message: `The company may have ${limit} connections`,
          details: { limit },
        });
      }
      await this.checkName(ctx, input.name, undefined, tx);
      await checkProviderId(this.repo, tx, input.channel, providerIdOf(input.channel, input));
      await this.checkRules(tx, ctx.companyId, input);
      const queueIds = await checkedQueueIds(tx, ctx.companyId, input.queueIds);
      await checkSendIdQueue(tx, ctx.companyId, input.sendIdQueue);
      await checkImportQueue(tx, ctx.companyId, input.queueIdImportMessages);
      await checkAutomationLinks(tx, ctx.companyId, input);
      const { queueIds: _q, accessToken: _t, appSecret: _s, ...fields } = input;
      const values: NewConnection = {
        ...fields,
        ...writeOnlySecrets(input),
        // The first connection is the default one.
        isDefault: input.isDefault || existing === 0,
        token: input.token || randomPassword(30),
        webhookKey: randomBytes(24).toString("base64url"),
        verifyToken: input.verifyToken || randomPassword(24),
        status: "DISCONNECTED",
      };
      values.status = this.metaStatus({ ...values, channel: input.channel });
      const newId = await this.repo.insert(tx, ctx.companyId, values, queueIds);
      if (values.isDefault) await this.repo.clearDefault(tx, ctx.companyId, newId);
      return newId;
    });
    const id = await refusingProviderIdRace(write);
    const created = await this.find(ctx, id);
    this.announce(ctx, "create", created);
    if (created.channel === "whatsapp") await this.deps.sessions?.start(created);
    return this.present(created, ctx);
  }

  async update(ctx: RequestContext, id: number, input: ConnectionUpdateInput): Promise<ConnectionDto> {
    authorizeManage(ctx.user);
    const current = await this.find(ctx, id);
    if (input.channel && input.channel !== current.channel) {
      throw new AppError("ERR_VALIDATION", {
        field: "channel",
        message: "The channel of a connection cannot change",
      });
    }
    const write = this.deps.db.transaction(async (tx) => {
      if (input.name) await this.checkName(ctx, input.name, id, tx);
      await checkProviderId(this.repo, tx, current.channel, providerIdOf(current.channel, input), id);
      // The update is partial: the rules across fields hold for the connection it leaves behind.
      await this.checkRules(tx, ctx.companyId, { ...current, ...definedOnly(input) });
      const queueIds = input.queueIds ? await checkedQueueIds(tx, ctx.companyId, input.queueIds) : undefined;
      await checkSendIdQueue(tx, ctx.companyId, input.sendIdQueue);
      await checkImportQueue(tx, ctx.companyId, input.queueIdImportMessages);
      await checkAutomationLinks(tx, ctx.companyId, input);
      const { queueIds: _q, channel: _c, accessToken: _t, appSecret: _s, ...fields } = input;
      const values: Partial<NewConnection> = { ...fields, ...writeOnlySecrets(input) };
      if (values.verifyToken === "") delete values.verifyToken;
      if (values.token === "") delete values.token;
      const merged = { ...current, ...values };
      if (META_CHANNELS.has(current.channel)) values.status = this.metaStatus(merged);
      await this.repo.update(tx, ctx.companyId, id, values, queueIds);
      if (values.isDefault) await this.repo.clearDefault(tx, ctx.companyId, id);
    });
    await refusingProviderIdRace(write);
    const updated = await this.find(ctx, id);
    this.announce(ctx, "update", updated);
    return this.present(updated, ctx);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorizeManage(ctx.user);
    const current = await this.find(ctx, id);
    if (current.channel === "whatsapp") await this.deps.sessions?.stop(current, { logout: true });
    // Its greeting file goes with the row (file_released trigger, files.remove job).
    await this.repo.delete(ctx.companyId, id);
    this.deps.realtime.toCompany(ctx.companyId, "whatsapp", { action: "delete", whatsappId: id });
  }

  /**
   * POST /whatsapp/{id}/media-upload: the file sent with the greeting message,
   * replacing any other. Typed from its bytes as any message attachment
   * (image, audio, video or document). The replaced file is not deleted here:
   * the row's trigger records it and the files.remove job deletes it once no
   * row (a sent greeting's message, say) refers to it.
   */
  async setGreetingMedia(
    ctx: RequestContext,
    id: number,
    file: GreetingUpload | undefined,
  ): Promise<ConnectionDto> {
    authorizeManage(ctx.user);
    const current = await this.find(ctx, id);
    if (!file) throw new AppError("ERR_VALIDATION", { field: "file", message: "Required" });
    if (file.bytes.length === 0)
      throw new AppError("ERR_VALIDATION", { field: "file", message: "Empty file" });
    const storage = this.storage();
    const fitted = await this.inChannelAudio(current.channel, file);
    const saved = await storage.save(ctx.companyId, "greeting", {
      bytes: fitted.bytes,
      name: fitted.filename,
      declaredType: fitted.mimeType,
      use: "media",
    });
    const stored = await this.deps.db.transaction((tx) =>
      this.repo.update(tx, ctx.companyId, id, {
        greetingMediaAttachment: saved.path,
        greetingMediaName: saved.name,
        greetingMediaType: saved.mimeType,
      }),
    );
    if (!stored) {
      // Deleted meanwhile: nothing refers to the new file.
      await storage.remove(saved.path);
      throw new AppError("ERR_NO_WAPP_FOUND");
    }
    return this.announceUpdate(ctx, id);
  }

  /**
   * The bot sends the greeting file as it is stored: an audio is converted
   * once, here, to a format the connection's channel plays (voice notes as
   * the message input does; ERR_AUDIO_CONVERSION when it cannot be).
   */
  private async inChannelAudio(channel: string, file: GreetingUpload): Promise<GreetingUpload> {
    const type = await detectFile({ bytes: file.bytes, name: file.filename, declaredType: file.mimeType });
    if (!type.mime.startsWith("audio/")) return file;
    const fitted = await channelAudio(
      channel as Channel,
      { bytes: file.bytes, mimeType: type.mime, name: file.filename },
      this.deps.logger ?? { warn: () => {} },
    );
    return fitted.converted
      ? { bytes: fitted.bytes, mimeType: fitted.mimeType, filename: fitted.name }
      : file;
  }

  /** DELETE /whatsapp/{id}/media-upload: the greeting goes without a file (deleted by the files.remove job). */
  async removeGreetingMedia(ctx: RequestContext, id: number): Promise<ConnectionDto> {
    authorizeManage(ctx.user);
    await this.find(ctx, id);
    await this.deps.db.transaction((tx) =>
      this.repo.update(tx, ctx.companyId, id, {
        greetingMediaAttachment: null,
        greetingMediaName: null,
        greetingMediaType: null,
      }),
    );
    return this.announceUpdate(ctx, id);
  }

  /** POST /whatsappsession/{id}: try again. PUT: new QR code. DELETE: disconnect. */
  async session(ctx: RequestContext, id: number, action: "start" | "renew" | "stop"): Promise<ConnectionDto> {
    authorizeManage(ctx.user);
    const connection = await this.find(ctx, id);
    if (connection.channel !== "whatsapp") {
      throw new AppError("ERR_VALIDATION", {
        message: "Only WhatsApp Web (QR code) connections have sessions",
      });
    }
    const sessions = this.deps.sessions;
    if (!sessions) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { status: 503 });
    if (action === "start") await sessions.start(connection);
    else if (action === "renew") await sessions.renew(connection);
    else await sessions.stop(connection, { logout: true });
    return this.present(await this.find(ctx, id), ctx);
  }

  /** The channels the company's plan lets it add (checked again when the connections are written). */
  async allowedChannels(ctx: RequestContext): Promise<Set<Channel>> {
    authorizeManage(ctx.user);
    const found = await this.companies.findWithPlan(ctx.companyId);
    if (!found) throw new AppError("ERR_NO_PERMISSION");
    return new Set(CHANNELS.filter((channel) => channelAllowed(found.plan, channel)));
  }

  /** Would these pages fit the plan? Asked before any Graph subscription; asked again, locked, when writing. */
  async checkPageImport(ctx: RequestContext, accounts: PageAccountImport[]): Promise<void> {
    authorizeManage(ctx.user);
    await this.pageImportPlan(this.deps.db, ctx, accounts);
  }

  /**
   * Creates or updates (same channel and account id in this company) the
   * connections of pages found through Facebook Login: all of them or none,
   * within the plan's connection limit. An update refreshes the token and
   * keeps what the manager set (name, queues, messages).
   */
  async importPageAccounts(
    ctx: RequestContext,
    accounts: PageAccountImport[],
    appSecret?: string,
  ): Promise<FacebookPagesResult> {
    authorizeManage(ctx.user);
    const write = this.deps.db.transaction(async (tx) => {
      await this.companies.lockForUpdate(tx, ctx.companyId);
      const { matches, count } = await this.pageImportPlan(tx, ctx, accounts);
      const taken = new Set(await this.repo.names(ctx.companyId, tx));
      const out: { id: number; created: boolean }[] = [];
      let total = count;
      for (const account of accounts) {
        const current = matches.get(pageAccountKey(account));
        const ids = {
          pageId: account.pageId,
          ...(account.channel === "instagram" ? { instagramId: account.accountId } : {}),
        };
        if (current) {
          const values: Partial<NewConnection> = {
            ...ids,
            accessToken: account.accessToken,
            facebookUserId: account.facebookUserId,
            ...(!current.appSecret && appSecret ? { appSecret } : {}),
          };
          values.status = this.metaStatus({ ...current, ...values });
          await this.repo.update(tx, ctx.companyId, current.id, values);
          out.push({ id: current.id, created: false });
          continue;
        }
        const name = uniqueName(account, taken);
        taken.add(name);
        const values: NewConnection = {
          name,
          channel: account.channel,
          ...ids,
          accessToken: account.accessToken,
          appSecret: appSecret ?? null,
          facebookUserId: account.facebookUserId,
          isDefault: total === 0,
          token: randomPassword(30),
          webhookKey: randomBytes(24).toString("base64url"),
          verifyToken: randomPassword(24),
          status: "DISCONNECTED",
        };
        values.status = this.metaStatus(values);
        out.push({ id: await this.repo.insert(tx, ctx.companyId, values, []), created: true });
        total += 1;
      }
      return out;
    });
    const saved = await refusingProviderIdRace(write);
    const connections: ConnectionDto[] = [];
    for (const { id, created } of saved) {
      const row = await this.find(ctx, id);
      this.announce(ctx, created ? "create" : "update", row);
      connections.push(this.present(row, ctx));
    }
    const created = saved.filter((item) => item.created).length;
    return { connections, created, updated: saved.length - created };
  }

  private async pageImportPlan(runner: Db | Tx, ctx: RequestContext, accounts: PageAccountImport[]) {
    const found = await this.companies.findWithPlan(ctx.companyId, runner);
    if (!found) throw new AppError("ERR_NO_PERMISSION");
    for (const channel of new Set(accounts.map((account) => account.channel))) {
      authorizeChannel(found.plan, channel);
    }
    const matches = new Map<string, ConnectionRow>();
    for (const row of await this.repo.pageConnections(ctx.companyId, runner)) {
      const accountId = row.channel === "instagram" ? row.instagramId : row.pageId;
      if (accountId) matches.set(`${row.channel}:${accountId}`, row);
    }
    // A page or account another company connected stays theirs (Meta delivers its messages to one place).
    for (const account of accounts) {
      const id = { field: PROVIDER_ID_FIELDS[account.channel], value: account.accountId };
      await checkProviderId(this.repo, runner, account.channel, id, matches.get(pageAccountKey(account))?.id);
    }
    const count = await this.repo.count(ctx.companyId, runner);
    const adding = accounts.filter((account) => !matches.has(pageAccountKey(account))).length;
    const { connections: limit } = companyLimits(found);
    if (adding > 0 && count + adding > limit) {
      throw new AppError("ERR_PLAN_CONNECTIONS_LIMIT", {
        message: `The company may have ${limit} connections; adding ${adding} would make ${count + adding}`,
        details: { limit },
      });
    }
    return { matches, count };
  }

  private storage(): Storage {
    if (!this.deps.storage) throw new AppError("ERR_INTERNAL", { message: "No file storage configured" });
    return this.deps.storage;
  }

  private async announceUpdate(ctx: RequestContext, id: number): Promise<ConnectionDto> {
    const row = await this.find(ctx, id);
    this.announce(ctx, "update", row);
    return this.present(row, ctx);
  }

  /**
   * Spec 2 section 5 across fields, with the company's userRating setting:
   * every failing field is answered (ERR_VALIDATION, `issues`).
   */
  private async checkRules(tx: Tx, companyId: number, connection: ConnectionRuleInput): Promise<void> {
    const userRating = await this.repo.userRatingEnabled(companyId, tx);
    const issues = connectionRuleIssues(connection, { userRating });
    const first = issues[0];
    if (!first) return;
    throw new AppError("ERR_VALIDATION", { field: first.field, message: first.message, details: { issues } });
  }

  /** The webhook URL and verify token are for those who configure Meta, not for every picker. */
  private present(row: ConnectionWithQueues, ctx?: RequestContext): ConnectionDto {
    return presentConnection(row, this.deps.publicUrl, {
      forManager: ctx ? canManageConnections(ctx.user) : false,
    });
  }

  private announce(ctx: RequestContext, action: "create" | "update", row: ConnectionWithQueues): void {
    // Every socket of the company hears it: no configuration secrets in the event.
    this.deps.realtime.toCompany(ctx.companyId, "whatsapp", { action, whatsapp: this.present(row) });
  }

  /** A Meta connection is usable once it has its account id and token; there is no session to open. */
  private metaStatus(c: Partial<NewConnection> & { channel?: string | null }): string {
    const account =
      c.channel === "whatsappapi" ? c.phoneNumberId : c.channel === "instagram" ? c.instagramId : c.pageId;
    if (!META_CHANNELS.has(c.channel ?? "")) return c.status ?? "DISCONNECTED";
    return account && c.accessToken && c.appSecret ? "CONNECTED" : "DISCONNECTED";
  }

  private async find(ctx: RequestContext, id: number): Promise<ConnectionWithQueues> {
    const row = await this.repo.find(ctx.companyId, id);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return row;
  }

  private async checkName(ctx: RequestContext, name: string, exceptId: number | undefined, tx: Tx) {
    if (await this.repo.nameTaken(ctx.companyId, name, exceptId, tx)) {
      throw new AppError("ERR_VALIDATION", {
        field: "name",
        message: "A connection with this name already exists",
      });
    }
  }
}

const pageAccountKey = (account: PageAccountImport) => `${account.channel}:${account.accountId}`;

/** The page's (or account's) name within the 2-50 rule, made unique in the company with " (2)", " (3)"… */
function uniqueName(account: PageAccountImport, taken: Set<string>): string {
  const given = account.name.trim();
  const base =
    given.length >= 2
      ? given
      : `${account.channel === "instagram" ? "Instagram" : "Facebook"} ${account.accountId}`;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const name = `${base.slice(0, 50 - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(name)) return name;
  }
}

/** The fields an update gives (absent ones keep what is stored). */
function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Write-only secrets: empty or absent keeps what is stored. */
function writeOnlySecrets(input: ConnectionUpdateInput): Partial<NewConnection> {
  return {
    ...(input.accessToken ? { accessToken: input.accessToken } : {}),
    ...(input.appSecret ? { appSecret: input.appSecret } : {}),
  };
}

/** The queue imported messages go to must be one of the company's. */
async function checkImportQueue(
  tx: Tx,
  companyId: number,
  queueId: number | null | undefined,
): Promise<void> {
  if (queueId == null) return;
  await checkedQueueIds(tx, companyId, [queueId]).catch(() => {
    throw new AppError("ERR_VALIDATION", { field: "queueIdImportMessages", message: "Unknown queue" });
  });
}

/** The queue a connection sends new tickets to must be one of the company's. */
async function checkSendIdQueue(
  tx: Tx,
  companyId: number,
  queueId: number | null | undefined,
): Promise<void> {
  if (queueId == null) return;
  await checkedQueueIds(tx, companyId, [queueId]).catch(() => {
    throw new AppError("ERR_VALIDATION", { field: "sendIdQueue", message: "Unknown queue" });
  });
}
