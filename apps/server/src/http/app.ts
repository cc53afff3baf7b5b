import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { RateLimiter } from "../auth/rate-limiter.js";
import type { TokenService } from "../auth/tokens.js";
import { GraphClient } from "../channels/meta/graph-client.js";
import { type Config, REPO_ROOT } from "../config.js";
import type { Db } from "../db/client.js";
import { createProviders, type Providers } from "../integrations/index.js";
import { loggerOptions, RequestLogsAtDebug } from "../logging.js";
import { announcementsRoutes } from "../modules/announcements/routes.js";
import { AnnouncementsService } from "../modules/announcements/service.js";
import type { RecoveryMail } from "../modules/auth/recovery-mail.js";
import { privateAuthRoutes, publicAuthRoutes } from "../modules/auth/routes.js";
import { AuthService } from "../modules/auth/service.js";
import { campaignsRoutes } from "../modules/campaigns/routes.js";
import { CampaignsService, type CampaignTimer } from "../modules/campaigns/service.js";
import { chatsRoutes } from "../modules/chats/routes.js";
import { ChatsService } from "../modules/chats/service.js";
import type { CompanyDeletion } from "../modules/companies/deletion.js";
import { companiesRoutes } from "../modules/companies/routes.js";
import { CompaniesService } from "../modules/companies/service.js";
import { ConnectionAnnouncer } from "../modules/connections/announcer.js";
import { ConnectionsOverview } from "../modules/connections/overview.js";
import { connectionsRoutes } from "../modules/connections/routes.js";
import { ConnectionsService, type SessionControl } from "../modules/connections/service.js";
import { ConnectionSessionActions } from "../modules/connections/session-actions.js";
import type { ContactListEvents } from "../modules/contact-lists/events.js";
import type { ContactListImporter, NumberChecker } from "../modules/contact-lists/import.js";
import { contactListsRoutes } from "../modules/contact-lists/routes.js";
import { ContactListsService } from "../modules/contact-lists/service.js";
import { contactsRoutes } from "../modules/contacts/routes.js";
import { ContactsService } from "../modules/contacts/service.js";
import { dashboardRoutes } from "../modules/dashboard/routes.js";
import { DashboardService } from "../modules/dashboard/service.js";
import { facebookRoutes } from "../modules/facebook/routes.js";
import { FacebookService } from "../modules/facebook/service.js";
import { fileListsRoutes } from "../modules/files/routes.js";
import { FileListsService } from "../modules/files/service.js";
import { flowCampaignsRoutes } from "../modules/flow-campaigns/routes.js";
import { FlowCampaignsService } from "../modules/flow-campaigns/service.js";
import { flowsRoutes } from "../modules/flows/routes.js";
import { FlowsService } from "../modules/flows/service.js";
import { helpsRoutes } from "../modules/helps/routes.js";
import { HelpsService } from "../modules/helps/service.js";
import { invoicesRoutes } from "../modules/invoices/routes.js";
import { InvoicesService } from "../modules/invoices/service.js";
import { kanbanBoardRoutes } from "../modules/kanban/board-routes.js";
import { BoardService } from "../modules/kanban/board-service.js";
import { type LaneMoves, TicketTagsService } from "../modules/kanban/lane-moves.js";
import { laneRoutes } from "../modules/kanban/lane-routes.js";
import type { OutboundService } from "../modules/messages/outbound-service.js";
import { messagesRoutes } from "../modules/messages/routes.js";
import { MessagesService, type MessagesServiceDeps } from "../modules/messages/service.js";
import { Transcriber } from "../modules/messages/transcription.js";
import { messagesApiRoutes } from "../modules/messages-api/routes.js";
import { MessagesApiService } from "../modules/messages-api/service.js";
import { momentsRoutes } from "../modules/moments/routes.js";
import { MomentsService } from "../modules/moments/service.js";
import { paymentProviderFor } from "../modules/payments/select.js";
import { plansRoutes, publicPlansRoutes } from "../modules/plans/routes.js";
import { PlansService } from "../modules/plans/service.js";
import { promptsRoutes } from "../modules/prompts/routes.js";
import { PromptsService } from "../modules/prompts/service.js";
import { queueIntegrationsRoutes } from "../modules/queue-integrations/routes.js";
import { QueueIntegrationsService } from "../modules/queue-integrations/service.js";
import { queuesRoutes } from "../modules/queues/routes.js";
import { QueuesService } from "../modules/queues/service.js";
import { quickMessagesRoutes } from "../modules/quick-messages/routes.js";
import { QuickMessagesService } from "../modules/quick-messages/service.js";
import { reportsRoutes } from "../modules/reports/routes.js";
import { ReportsService } from "../modules/reports/service.js";
import { schedulesRoutes } from "../modules/schedules/routes.js";
import { SchedulesService, type ScheduleTimer } from "../modules/schedules/service.js";
import type { PhoneCountries } from "../modules/settings/phone-country.js";
import { publicSettingsRoutes, settingsRoutes } from "../modules/settings/routes.js";
import { SettingsService } from "../modules/settings/service.js";
import { WhitelabelService, whitelabelRoutes } from "../modules/settings/whitelabel.js";
import { subscriptionRoutes, subscriptionWebhookRoutes } from "../modules/subscription/routes.js";
import { SubscriptionService } from "../modules/subscription/service.js";
import { tagsAdminRoutes } from "../modules/tags/admin-routes.js";
import { TagsAdminService } from "../modules/tags/admin-service.js";
import { tagsRoutes } from "../modules/tags/routes.js";
import { TagsService } from "../modules/tags/service.js";
import { ticketNotesRoutes } from "../modules/ticket-notes/routes.js";
import { TicketNotesService } from "../modules/ticket-notes/service.js";
import { contactStatusRoutes } from "../modules/tickets/contact-status-routes.js";
import { ticketLifecycleRoutes } from "../modules/tickets/lifecycle-routes.js";
import { TicketLifecycleService } from "../modules/tickets/lifecycle-service.js";
import { ticketsRoutes } from "../modules/tickets/routes.js";
import { TicketsService } from "../modules/tickets/service.js";
import { usersRoutes } from "../modules/users/routes.js";
import { UsersService } from "../modules/users/service.js";
import { webhooksRoutes } from "../modules/webhooks/routes.js";
import type { WebhooksService } from "../modules/webhooks/service.js";
import { assertMasksNumbers } from "../privacy/number-masks.js";
import type { NumberPrivacy } from "../privacy/number-privacy.js";
import type { Realtime } from "../realtime/realtime.js";
import type { TicketEvents } from "../realtime/ticket-events.js";
import { setFilesUrl } from "../storage/file-url.js";
import type { Storage } from "../storage/storage.js";
import { authenticator } from "./authenticate.js";
import { registerJsonCompression } from "./compress-json.js";
import { registerCors } from "./cors.js";
import { registerErrorHandler } from "./error-handler.js";
import { registerInputGuard } from "./input-guard.js";
import { assertPlanFeature, PlanFeatures, registerPlanGate } from "./plan-gate.js";
import { registerFiles, registerSecurityHeaders } from "./security-headers.js";
import { registerWebApp } from "./web-app.js";

export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  realtime: Realtime;
  /** Ticket and message events: every module announces through it. */
  events: TicketEvents;
  /** Whether a company hides contacts' numbers from ordinary users (LGPD), cached. */
  numbers: NumberPrivacy;
  /** Each company's phoneDefaultCountry (cached; invalidate after a settings change): typed numbers are read in it. */
  phones: PhoneCountries;
  /** Queues password-recovery mails (modules/auth/recovery-mail.ts). */
  recoveryMail: RecoveryMail;
  storage: Storage;
  webhooks: WebhooksService;
  /** The outbound path: messages the server sends through a channel (greeting, farewell, transfer…). */
  outbound: OutboundService;
  sessions?: SessionControl;
  /** Sets a schedule's send job at its sendAt (jobs/send-schedules.ts); without it the due sweep sends. */
  scheduleTimer?: ScheduleTimer;
  /** Downloads again an inbound media whose download failed (POST /messages/{id}/retry-media). */
  mediaRetry: MessagesServiceDeps["mediaRetry"];
  /** The automatic conversation (automation/runner.ts): a resolve with rating hands the ticket to it. */
  automation?: { notify(tickets: { companyId: number; ticketId: number }[]): void };
  /** Kanban lane moves (modules/kanban/lane-moves.ts): PUT/DELETE /ticket-tags. */
  laneMoves: LaneMoves;
  /** The integration and AI provider clients (integrations/): one set per process, built from the config when absent. */
  providers?: Providers;
  /** Deletes a company's rows and files in a job (modules/companies/deletion.ts). */
  companyDeletion: CompanyDeletion;
  /** Contact lists' live events, spreadsheet imports (a job) and WhatsApp number check (modules/contact-lists). */
  contactLists: { events: ContactListEvents; importer: ContactListImporter; checkNumbers?: NumberChecker };
  /** Sets a campaign's start and send jobs (modules/campaigns/jobs.ts); without it the minute sweep starts them. */
  campaignTimer?: CampaignTimer;
}

export const VERSION: string =
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).version ?? "0.0.0";

/** Every route the app registered, with its zod schemas: for the tenant sweep, the fuzz test, the docs. */
export type RouteList = Pick<RouteOptions, "method" | "url" | "config" | "schema">[];

declare module "fastify" {
  interface FastifyInstance {
    routeList: RouteList;
  }
}

export async function buildApp(
  deps: AppDeps,
  options: { logger?: FastifyServerOptions["logger"] } = {},
): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // One line per request, at debug: at info a terminal would scroll with a line per request.
    logController: new RequestLogsAtDebug(),
    // Clients written against the spec call `GET /users/`, `GET /whatsapp/all/`…: same routes.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonCompression(app);
  registerInputGuard(app);

  const routeList: RouteList = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    if (route.method === "HEAD") return;
    routeList.push({ method: route.method, url: route.url, config: route.config, schema: route.schema });
  });

  // LGPD: a route that answers a contact's number must say how it is masked (privacy/number-masks.ts).
  app.addHook("onRoute", assertMasksNumbers);
  app.addHook("onRoute", assertPlanFeature);
  // Plan use flags (spec 2 section 3), cached per company: routes declare `config.planFeature`.
  const planFeatures = new PlanFeatures(deps.db);
  app.decorate("planFeatures", planFeatures);

  await app.register(fastifyCookie);
  await registerCors(app, config.CORS_ORIGINS);
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Inbox API", version: VERSION } },
    transform: jsonSchemaTransform,
  });

  // Before the route scopes: a page load of /users must reach index.html, not the users route's auth hook.
  if (config.SERVE_WEB) await registerWebApp(app, join(REPO_ROOT, "apps/web/dist"));
  setFilesUrl(config.FILES_URL);
  registerSecurityHeaders(app, { filesUrl: config.FILES_URL });
  await registerFiles(app, deps.storage.root);

  const providers = deps.providers ?? createProviders(config);
  const auth = new AuthService(deps);
  const users = new UsersService(deps);
  const tickets = new TicketsService(deps);
  const connectionAnnouncer = new ConnectionAnnouncer({
    db: deps.db,
    realtime: deps.realtime,
    publicUrl: config.PUBLIC_URL,
  });
  const messages = new MessagesService({
    db: deps.db,
    tickets,
    outbound: deps.outbound,
    events: deps.events,
    storage: deps.storage,
    mediaRetry: deps.mediaRetry,
    transcriber: config.TRANSCRIPTION_URL
      ? new Transcriber({
          url: config.TRANSCRIPTION_URL,
          apiKey: config.TRANSCRIPTION_API_KEY,
          model: config.TRANSCRIPTION_MODEL,
        })
      : undefined,
    logger: app.log,
  });
  const secureCookies = config.PUBLIC_URL.startsWith("https://");
  const settings = new SettingsService({
    db: deps.db,
    realtime: deps.realtime,
    numbers: deps.numbers,
    phones: deps.phones,
  });
  const plans = new PlansService({ db: deps.db, onPlanChanged: () => planFeatures.invalidate() });
  const subscription = new SubscriptionService({
    db: deps.db,
    realtime: deps.realtime,
    provider: paymentProviderFor(config, deps.db),
    logger: app.log,
  });

  // Public routes: no token.
  await app.register(async (open) => {
    open.get(
      "/version",
      { config: { public: true }, schema: { response: { 200: z.object({ version: z.string() }) } } },
      () => ({
        version: VERSION,
      }),
    );
    open.get("/openapi.json", { config: { public: true } }, () => app.swagger());
    await open.register(publicAuthRoutes(auth, { secureCookies }));
    await open.register(publicSettingsRoutes(settings));
    await open.register(publicPlansRoutes(plans));
    await open.register(
      messagesApiRoutes(
        new MessagesApiService({
          db: deps.db,
          outbound: deps.outbound,
          events: deps.events,
          storage: deps.storage,
          planFeatures,
          rateLimiter: new RateLimiter(deps.db, 60),
          phones: deps.phones,
        }),
      ),
    );
    await open.register(subscriptionWebhookRoutes(subscription));
    await open.register(
      webhooksRoutes(deps.webhooks, {
        processDelayMs: config.WEBHOOK_PROCESS_DELAY_MS,
        app: { secret: config.META_APP_SECRET, verifyToken: config.META_VERIFY_TOKEN },
      }),
    );
  });

  // Private routes: the tenant context comes from the verified token only.
  await app.register(async (priv) => {
    priv.addHook("onRequest", authenticator(deps.tokens, deps.db));
    registerPlanGate(priv, planFeatures);
    // LGPD: the company's number setting is known before the handler runs, so the events it emits
    // leave at once (TicketEvents waits for it otherwise).
    priv.addHook("preHandler", async (req) => {
      await deps.numbers.hides(req.ctx.companyId).catch(() => undefined);
    });
    // LGPD: services answer numbers whole; an ordinary user of a company that hides them gets the route's mask.
    priv.addHook("preSerialization", async (req, reply, payload) => {
      const mask = req.routeOptions.config.numbers as ((payload: unknown) => unknown) | undefined;
      if (!mask || reply.statusCode >= 300 || !req.ctx) return payload;
      return (await deps.numbers.masksFor(req.ctx)) ? mask(payload) : payload;
    });
    await priv.register(privateAuthRoutes(auth));
    await priv.register(usersRoutes(users));
    await priv.register(queuesRoutes(new QueuesService({ ...deps, connections: connectionAnnouncer })));
    await priv.register(ticketsRoutes(tickets));
    const lifecycle = new TicketLifecycleService({
      db: deps.db,
      events: deps.events,
      outbound: deps.outbound,
      logger: app.log,
      ...(deps.automation ? { automation: deps.automation } : {}),
    });
    await priv.register(ticketLifecycleRoutes(lifecycle));
    await priv.register(contactStatusRoutes(lifecycle));
    await priv.register(messagesRoutes(messages));
    const contacts = new ContactsService(deps);
    await priv.register(contactsRoutes(contacts));
    await priv.register(tagsRoutes(new TagsService({ ...deps, contacts, tickets })));
    await priv.register(laneRoutes(new TicketTagsService(deps.laneMoves, tickets, deps.events)));
    await priv.register(kanbanBoardRoutes(new BoardService({ db: deps.db })));
    await priv.register(tagsAdminRoutes(new TagsAdminService({ ...deps, contacts })));
    await priv.register(ticketNotesRoutes(new TicketNotesService({ db: deps.db, contacts, tickets })));
    await priv.register(
      quickMessagesRoutes(
        new QuickMessagesService({ db: deps.db, realtime: deps.realtime, storage: deps.storage }),
      ),
    );
    await priv.register(
      fileListsRoutes(new FileListsService({ db: deps.db, realtime: deps.realtime, storage: deps.storage })),
    );
    await priv.register(
      flowsRoutes(
        new FlowsService({ db: deps.db, realtime: deps.realtime, connections: connectionAnnouncer }),
        deps.storage,
      ),
    );
    await priv.register(
      schedulesRoutes(
        new SchedulesService({
          db: deps.db,
          realtime: deps.realtime,
          storage: deps.storage,
          tickets,
          timer: deps.scheduleTimer,
          logger: app.log,
        }),
      ),
    );
    await priv.register(
      contactListsRoutes(new ContactListsService({ db: deps.db, ...deps.contactLists, phones: deps.phones })),
    );
    await priv.register(
      campaignsRoutes(
        new CampaignsService({
          db: deps.db,
          realtime: deps.realtime,
          storage: deps.storage,
          timer: deps.campaignTimer,
          graph: new GraphClient(config.META_GRAPH_URL, config.META_GRAPH_VERSION),
          logger: app.log,
        }),
      ),
    );
    await priv.register(
      announcementsRoutes(
        new AnnouncementsService({ db: deps.db, realtime: deps.realtime, storage: deps.storage }),
      ),
    );
    await priv.register(chatsRoutes(new ChatsService({ db: deps.db, realtime: deps.realtime })));
    await priv.register(
      flowCampaignsRoutes(new FlowCampaignsService({ db: deps.db, realtime: deps.realtime })),
    );
    await priv.register(
      queueIntegrationsRoutes(
        new QueueIntegrationsService({
          db: deps.db,
          realtime: deps.realtime,
          dialogflow: providers.dialogflow,
          connections: connectionAnnouncer,
        }),
      ),
    );
    await priv.register(
      promptsRoutes(
        new PromptsService({ db: deps.db, realtime: deps.realtime, connections: connectionAnnouncer }),
      ),
    );
    await priv.register(settingsRoutes(settings));
    await priv.register(whitelabelRoutes(new WhitelabelService({ settings, storage: deps.storage })));
    await priv.register(
      companiesRoutes(
        deps.db,
        new CompaniesService({
          db: deps.db,
          realtime: deps.realtime,
          deletion: deps.companyDeletion,
          onPlanChanged: (companyId) => planFeatures.invalidate(companyId),
        }),
      ),
    );
    await priv.register(plansRoutes(plans));
    await priv.register(helpsRoutes(new HelpsService({ db: deps.db })));
    await priv.register(invoicesRoutes(new InvoicesService({ db: deps.db })));
    await priv.register(subscriptionRoutes(subscription));
    await priv.register(dashboardRoutes(new DashboardService({ db: deps.db })));
    await priv.register(momentsRoutes(new MomentsService({ db: deps.db })));
    await priv.register(
      reportsRoutes(
        new ReportsService({
          db: deps.db,
          numbers: deps.numbers,
          realtime: deps.realtime,
          phones: deps.phones,
        }),
      ),
    );
    const connections = new ConnectionsService({
      db: deps.db,
      realtime: deps.realtime,
      publicUrl: config.PUBLIC_URL,
      sessions: deps.sessions,
      storage: deps.storage,
      logger: app.log,
    });
    await priv.register(
      connectionsRoutes(
        connections,
        new ConnectionsOverview({ db: deps.db, publicUrl: config.PUBLIC_URL }),
        new ConnectionSessionActions({
          db: deps.db,
          realtime: deps.realtime,
          events: deps.events,
          sessions: deps.sessions,
          publicUrl: config.PUBLIC_URL,
        }),
      ),
    );
    await priv.register(
      facebookRoutes(
        new FacebookService({
          graph: new GraphClient(config.META_GRAPH_URL, config.META_GRAPH_VERSION),
          connections,
          ...(config.META_APP_ID && config.META_APP_SECRET
            ? { app: { id: config.META_APP_ID, secret: config.META_APP_SECRET } }
            : {}),
        }),
      ),
    );
  });

  return app;
}
