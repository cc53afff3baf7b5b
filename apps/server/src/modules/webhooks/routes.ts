import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { Delivery, WebhooksService } from "./service.js";
import { sameSecret } from "./signature.js";

/** The subscription handshake's query (`hub.*`); other fields are ignored. */
const handshakeQuery = z
  .object({
    "hub.mode": z.string().max(100).optional(),
    "hub.verify_token": z.string().max(500).optional(),
    "hub.challenge": z.string().max(500).optional(),
  })
  .loose();

/**
 * Meta webhooks, one URL per connection: `/webhooks/meta/{webhookKey}`.
 * The body stays raw bytes here: the signature is checked over them before
 * anything is parsed.
 */
export function webhooksRoutes(
  service: WebhooksService,
  options: {
    processDelayMs: number;
    /** The platform's Meta app: `/webhooks/meta` serves all its pages and numbers (META_APP_SECRET, META_VERIFY_TOKEN). */
    app?: { secret?: string; verifyToken?: string };
  },
): FastifyPluginAsync {
  return async (app) => {
    // Only in this scope: every body stays raw bytes (the default JSON parser would consume them).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 5 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    const processLater = (delivery: Delivery) => {
      if (options.processDelayMs > 0) {
        setTimeout(() => void service.enqueue(delivery), options.processDelayMs).unref();
      } else {
        void service.enqueue(delivery);
      }
    };

    // One app-level callback for every account of the platform's Meta app (a Meta app with
    // Facebook Login has one callback for all its pages), beside the per-connection URLs.
    app.get(
      "/webhooks/meta",
      { config: { public: true }, schema: { querystring: handshakeQuery } },
      async (req, reply) => {
        const { verifyToken } = options.app ?? {};
        const query = req.query as z.infer<typeof handshakeQuery>;
        if (
          !verifyToken ||
          query["hub.mode"] !== "subscribe" ||
          !query["hub.verify_token"] ||
          !sameSecret(query["hub.verify_token"], verifyToken)
        ) {
          throw new AppError("ERR_NO_PERMISSION", { message: "Verification failed" });
        }
        return reply.type("text/plain").send(query["hub.challenge"] ?? "");
      },
    );

    app.post("/webhooks/meta", { config: { public: true }, logLevel: "warn" }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers["x-hub-signature-256"];
      const deliveries = await service.acceptApp(
        raw,
        Array.isArray(signature) ? signature[0] : signature,
        req.ip,
        { secret: options.app?.secret },
      );
      // Every part is stored before the answer; each is processed in arrival order.
      for (const delivery of deliveries) processLater(delivery);
      return reply.status(200).send("EVENT_RECEIVED");
    });

    app.get<{ Params: { key: string }; Querystring: Record<string, string | undefined> }>(
      "/webhooks/meta/:key",
      { config: { public: true } },
      async (req, reply) => {
        const challenge = await service.handshake(req.params.key, {
          mode: req.query["hub.mode"],
          token: req.query["hub.verify_token"],
          challenge: req.query["hub.challenge"],
        });
        return reply.type("text/plain").send(challenge);
      },
    );

    app.post<{ Params: { key: string } }>(
      "/webhooks/meta/:key",
      // Thousands a second under load: two info lines per request would cost more than the request.
      { config: { public: true }, logLevel: "warn" },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers["x-hub-signature-256"];
        const delivery = await service.accept(
          req.params.key,
          raw,
          Array.isArray(signature) ? signature[0] : signature,
          req.ip,
        );
        // Answered now; the work runs after the answer, and the stored row makes it durable.
        // Another channel's payload (no delivery) was logged by the service and not kept.
        if (delivery) processLater(delivery);
        return reply.status(200).send("EVENT_RECEIVED");
      },
    );
  };
}
