import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { RateLimiter } from "./auth/rate-limiter.js";
import { TokenService } from "./auth/tokens.js";
import { automationSweepJob, automationTimerJob, integrationDeliverJob } from "./automation/jobs.js";
import { AutomationRunner } from "./automation/runner.js";
import { MessengerAdapter } from "./channels/facebook/adapter.js";
import { companyDownloadLimit } from "./channels/meta/download-limit.js";
import { GraphClient } from "./channels/meta/graph-client.js";
import { allowedHosts, graphHostEntry, MediaFetcher } from "./channels/meta/media-fetch.js";
import { ChannelRegistry } from "./channels/registry.js";
import { createWhatsappAdapter, sessionHooksFromSink } from "./channels/whatsapp/adapter.js";
import { SessionCluster } from "./channels/whatsapp/session-cluster.js";
import { WhatsappSessionManager } from "./channels/whatsapp/session-manager.js";
import type { SocketFactory } from "./channels/whatsapp/socket.js";
import { CloudApiAdapter } from "./channels/whatsappapi/adapter.js";
import type { Config } from "./config.js";
import { type Database, openDatabase, pgliteDataDir } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { type SeedResult, seed } from "./db/seed.js";
import { buildApp } from "./http/app.js";
import { IngestService } from "./ingest/service.js";
import { createProviders } from "./integrations/index.js";
import { BACKFILL_PHONE_NUMBERS, backfillPhoneNumbersJob } from "./jobs/backfill-phone-numbers.js";
import { closeIdleTicketsJob } from "./jobs/close-idle-tickets.js";
import { Jobs } from "./jobs/jobs.js";
import { markUsersOfflineJob } from "./jobs/mark-users-offline.js";
import { MEASURE_COMPANY_FOLDERS, measureCompanyFoldersJob } from "./jobs/measure-company-folders.js";
import { pruneApiKeysJob } from "./jobs/prune-api-keys.js";
import { FileReaper, removeFilesJob } from "./jobs/remove-files.js";
import { recoveryMailJob } from "./jobs/send-recovery-mail.js";
import { ScheduleJobTimer, sendScheduleJob, sweepDueSchedulesJob } from "./jobs/send-schedules.js";
import { sweepOutboundJob, sweepWebhooksJob } from "./jobs/sweeps.js";
import { loggerOptions } from "./logging.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { RecoveryMail } from "./modules/auth/recovery-mail.js";
import { CampaignConfirmations } from "./modules/campaigns/confirmations.js";
import {
  CampaignJobTimer,
  runCampaignJob,
  startCampaignJob,
  sweepCampaignsJob,
} from "./modules/campaigns/jobs.js";
import { CampaignSender } from "./modules/campaigns/sender.js";
import { CompanyDeletion, deleteCompanyJob } from "./modules/companies/deletion.js";
import { MessageImport } from "./modules/connections/message-import.js";
import { ContactListEvents } from "./modules/contact-lists/events.js";
import { ContactListImporter, importContactListJob } from "./modules/contact-lists/import.js";
import { whatsappNumberChecker } from "./modules/contact-lists/number-check.js";
import { flowMediaFile } from "./modules/flows/media.js";
import { GENERATE_INVOICES, generateInvoicesJob } from "./modules/invoices/jobs.js";
import { LaneAutomation } from "./modules/kanban/lane-automation.js";
import { laneSweepJob, laneTimerJob } from "./modules/kanban/lane-jobs.js";
import { OutboundService } from "./modules/messages/outbound-service.js";
import { ScheduleSender } from "./modules/schedules/sender.js";
import { PhoneCountries } from "./modules/settings/phone-country.js";
import { WebhooksService } from "./modules/webhooks/service.js";
import { NumberPrivacy } from "./privacy/number-privacy.js";
import { Realtime } from "./realtime/realtime.js";
import { createSocketServer } from "./realtime/socket-server.js";
import { TicketEvents } from "./realtime/ticket-events.js";
import { localStorage } from "./storage/storage.js";

export interface Server {
  app: FastifyInstance;
  database: Database;
  realtime: Realtime;
  jobs?: Jobs;
  seedResult: SeedResult;
  channels: ChannelRegistry;
  ingest: IngestService;
  webhooks: WebhooksService;
  outbound: OutboundService;
  /** Ticket and message events (their audiences). */
  events: TicketEvents;
  /** Sends due scheduled messages (the schedules jobs call it). */
  schedules: ScheduleSender;
  /** The campaign sender (modules/campaigns/sender.ts): tests run its steps and sweep. */
  campaigns: CampaignSender;
  /** The automatic conversation (automation/): tests run its sweeper and timers. */
  automation: AutomationRunner;
  /** Kanban lanes' moves and automation (modules/kanban): tests run the lane timers and sweeper. */
  lanes: LaneAutomation;
  /** LGPD: which companies hide contacts' numbers from ordinary users (cached; invalidate after a settings change). */
  numbers: NumberPrivacy;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** An already open database (tests share one); otherwise opened from the config. */
  database?: Database;
  mailer?: Mailer;
  logger?: boolean | object;
  skipSeed?: boolean;
  /** Reopen the stored QR-code sessions at boot and join the session cluster (default true). */
  restoreSessions?: boolean;
  /** Stands in for Baileys' socket (tests that run whole processes, test/fixtures/). */
  whatsappSocketFactory?: SocketFactory;
}

/** Composition root: config -> db -> migrate -> seed -> services -> app -> realtime -> jobs. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  mkdirSync(config.dataDir, { recursive: true });
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : pgliteDataDir(config.dataDir),
      poolMax: config.DATABASE_POOL_MAX,
    }));
  if (!options.database) await runMigrations(database);
  const seedResult = options.skipSeed
    ? { adminEmail: config.ADMIN_EMAIL, createdAdmin: false }
    : await seed(database.db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD });

  const storageRoot = join(config.dataDir, "public");
  mkdirSync(storageRoot, { recursive: true });
  const storage = localStorage(storageRoot);
  const logOptions = loggerOptions(config);
  const log = pino({ level: options.logger === false ? "silent" : logOptions.level }, logOptions.stream);
  const realtime = new Realtime();
  const tokens = new TokenService(
    config.JWT_SECRET,
    config.JWT_REFRESH_SECRET,
    config.ACCESS_TOKEN_TTL_SECONDS,
  );

  const channels = new ChannelRegistry();
  const media = new MediaFetcher({
    allow: allowedHosts(config.MEDIA_FETCH_ALLOW_HOSTS, [graphHostEntry(config.META_GRAPH_URL)]),
    timeoutMs: config.MEDIA_FETCH_TIMEOUT_MS,
    defaultMaxBytes: config.MEDIA_FETCH_MAX_MB * 1024 * 1024,
    limitFor: companyDownloadLimit(database.db),
  });
  const graph = new GraphClient(config.META_GRAPH_URL, config.META_GRAPH_VERSION, undefined, media);
  channels.register(new CloudApiAdapter(graph));
  channels.register(new MessengerAdapter("facebook", graph, config.PUBLIC_URL));
  channels.register(new MessengerAdapter("instagram", graph, config.PUBLIC_URL));
  const numbers = new NumberPrivacy(database.db, {
    onError: (err) => log.error({ err }, "reading the LGPD number setting failed; numbers hidden"),
  });
  const phones = new PhoneCountries(database.db);
  const events = new TicketEvents(realtime, numbers);
  // Webhooks are made below; a status that outran its send waits there for the send's id.
  let webhooks: WebhooksService | undefined;
  const outbound = new OutboundService({
    db: database.db,
    events,
    channels,
    storageRoot,
    logger: log,
    onProviderIdStored: (connectionId, providerMessageId) =>
      webhooks?.providerIdStored(connectionId, providerMessageId),
  });
  // One set of provider clients for the automation's hand-overs and the routes that test them.
  const providers = createProviders(config);
  // The automation needs the outbound path, made below; ingest calls it only after a commit.
  let automation: AutomationRunner | undefined;
  const ingest = new IngestService({
    outbound,
    db: database.db,
    realtime,
    events,
    storage,
    channels,
    logger: log,
    onContactMessages: (tickets) => automation?.notify(tickets),
  });
  webhooks = new WebhooksService({
    db: database.db,
    sink: ingest,
    logger: log,
    maxInFlight: config.WEBHOOK_MAX_IN_FLIGHT,
  });
  const lanes = new LaneAutomation({ db: database.db, events, outbound, logger: log });
  const confirmations = new CampaignConfirmations({ db: database.db, realtime, events, outbound });
  automation = new AutomationRunner({
    db: database.db,
    outbound,
    events,
    logger: log,
    lanes,
    confirmations,
    integrations: providers,
    handoverFiles: {
      readMedia: async (publicPath) => {
        if (!publicPath.startsWith("/public/")) return undefined;
        const relative = normalize(publicPath.slice("/public/".length));
        if (relative.startsWith("..")) return undefined;
        return readFile(join(storageRoot, relative)).catch(() => undefined);
      },
      storeAudio: async (companyId, audio) => {
        const stored = await storage.save(companyId, "prompt", {
          bytes: audio,
          name: "resposta.ogg",
          declaredType: "audio/ogg",
          use: "media",
        });
        return { path: stored.path, mimeType: stored.mimeType, name: stored.name };
      },
    },
    flowMedia: async (companyId, name) => {
      const file = await flowMediaFile(storageRoot, companyId, name);
      return file && { path: file.publicPath, mimeType: file.mimeType, name };
    },
  });
  const scheduleTimer = new ScheduleJobTimer();
  const schedules = new ScheduleSender({
    db: database.db,
    realtime,
    events,
    outbound,
    logger: log,
    timer: scheduleTimer,
  });
  const campaignTimer = new CampaignJobTimer();
  const campaigns = new CampaignSender({
    db: database.db,
    realtime,
    outbound,
    logger: log,
    timer: campaignTimer,
  });
  // QR-code WhatsApp sessions: each runs in the one process holding its lease (session-cluster.ts).
  // Message import (modules/connections/message-import.ts) rides on the sessions' hooks.
  const messageImport = new MessageImport({
    db: database.db,
    realtime,
    events,
    publicUrl: config.PUBLIC_URL,
    sink: ingest,
  });
  const sessions = new WhatsappSessionManager({
    db: database.db,
    hooks: messageImport.hooks(sessionHooksFromSink(ingest)),
    logger: log,
    cluster: new SessionCluster(database),
    ...(options.whatsappSocketFactory ? { socketFactory: options.whatsappSocketFactory } : {}),
  });
  // Another process handed us a stored message for a session that runs here.
  sessions.sendStored = (companyId, messageId) => outbound.send(companyId, messageId).catch(() => {});
  channels.register(createWhatsappAdapter(sessions));

  const recoveryMail = new RecoveryMail({
    db: database.db,
    tokens,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: log }),
    publicUrl: config.PUBLIC_URL,
    logger: log,
  });

  const companyDeletion = new CompanyDeletion({
    db: database.db,
    realtime,
    storageRoot,
    sessions: { stop: (connection, options) => sessions.stop(connection, options) },
    logger: log,
  });

  const contactListEvents = new ContactListEvents({ db: database.db, realtime, numbers });
  const checkNumbers = whatsappNumberChecker(sessions);
  const contactListImporter = new ContactListImporter({
    db: database.db,
    events: contactListEvents,
    dir: join(config.dataDir, "private", "contact-list-imports"),
    checkNumbers,
    phones,
    logger: log,
  });

  const app = await buildApp(
    {
      companyDeletion,
      config,
      db: database.db,
      tokens,
      rateLimiter: new RateLimiter(database.db, config.RATE_LIMIT_WINDOW_SECONDS),
      realtime,
      events,
      recoveryMail,
      storage,
      webhooks,
      outbound,
      mediaRetry: ingest,
      sessions,
      scheduleTimer,
      numbers,
      phones,
      automation,
      laneMoves: lanes.moves,
      contactLists: { events: contactListEvents, importer: contactListImporter, checkNumbers },
      campaignTimer,
      providers,
    },
    options.logger === undefined ? {} : { logger: options.logger as never },
  );
  const sockets = await createSocketServer({
    httpServer: app.server,
    db: database.db,
    tokens,
    realtime,
    redisUrl: config.REDIS_URL,
    logger: app.log,
    origins: [config.PUBLIC_URL, ...config.CORS_ORIGINS],
  });

  let jobs: Jobs | undefined;
  if (config.JOBS_ENABLED) {
    jobs = await Jobs.start(database, { connectionString: config.DATABASE_URL, logger: app.log });
    await jobs.register(
      markUsersOfflineJob({
        db: database.db,
        realtime,
        offlineAfterSeconds: config.USER_OFFLINE_AFTER_SECONDS,
      }),
    );
    await jobs.register(sweepWebhooksJob(webhooks));
    await jobs.register(sweepOutboundJob(outbound));
    await jobs.register(pruneApiKeysJob(database.db));
    await jobs.register(sendScheduleJob(schedules));
    await jobs.register(sweepDueSchedulesJob(schedules));
    await jobs.register(
      closeIdleTicketsJob({ db: database.db, events, hours: config.TICKETS_AUTO_CLOSE_HOURS }),
    );
    await jobs.register(removeFilesJob(new FileReaper({ db: database.db, storage })));
    await jobs.register(recoveryMailJob(recoveryMail));
    await jobs.register(deleteCompanyJob(companyDeletion));
    await jobs.register(measureCompanyFoldersJob({ db: database.db, storageRoot }));
    await jobs.register(backfillPhoneNumbersJob(database.db));
    await jobs.register(automationTimerJob(automation), { pollingIntervalSeconds: 1 });
    await jobs.register(automationSweepJob(automation));
    await jobs.register(integrationDeliverJob(automation), { pollingIntervalSeconds: 1 });
    await jobs.register(generateInvoicesJob({ db: database.db, realtime }));
    await jobs.register(laneTimerJob(lanes), { pollingIntervalSeconds: 1 });
    await jobs.register(laneSweepJob(lanes));
    await jobs.register(importContactListJob(contactListImporter));
    await jobs.register(startCampaignJob(campaigns), { pollingIntervalSeconds: 1 });
    await jobs.register(runCampaignJob(campaigns), { pollingIntervalSeconds: 1 });
    await jobs.register(sweepCampaignsJob(campaigns));
    automation.attach(jobs);
    lanes.attach(jobs);
    recoveryMail.attach(jobs);
    companyDeletion.attach(jobs);
    contactListImporter.attach(jobs);
    scheduleTimer.attach(jobs);
    campaignTimer.attach(jobs);
    // What a crash left unprocessed is processed now, not a minute from now.
    void webhooks.sweep(0).catch((err) => log.error({ err }, "boot sweep of webhooks failed"));
    // The companies table shows storage from the first minutes, not only after the first 10-minute tick.
    void jobs
      .send(MEASURE_COMPANY_FOLDERS, {}, { singletonKey: "boot" })
      .catch((err) => log.error({ err }, "queueing the folder measurement failed"));
    // Numbers typed before the E.164 rule get their 55 once (a no-op after the first complete run).
    void jobs
      .send(BACKFILL_PHONE_NUMBERS, {}, { singletonKey: "boot" })
      .catch((err) => log.error({ err }, "queueing the phone number backfill failed"));
    // A company due within the lead time gets its invoice now, not at the next midnight.
    void jobs
      .send(GENERATE_INVOICES, {})
      .catch((err) => log.error({ err }, "queueing invoice generation failed"));
  }
  if (options.restoreSessions ?? true) {
    await sessions.joinCluster();
    void sessions.restoreAll().catch((err) => log.error({ err }, "restoring WhatsApp sessions failed"));
  }

  return {
    app,
    database,
    realtime,
    jobs,
    seedResult,
    channels,
    ingest,
    webhooks,
    outbound,
    events,
    schedules,
    campaigns,
    numbers,
    automation,
    lanes,
    async close() {
      await sessions.stopAll();
      await sockets.close();
      // No new webhooks, then let accepted ones finish (unfinished ones stay stored for the next boot).
      await app.close();
      await webhooks.drain();
      // The automation runs that the last webhooks asked for; a ticket left due is the next boot's.
      await automation.drain();
      await jobs?.stop();
      if (!options.database) await database.close();
    },
  };
}
