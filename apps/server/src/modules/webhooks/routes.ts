import type { FastifyPluginAsync } from "fastify";
import type { WebhooksService } from "./service.js";

/**
 * Meta webhooks, one URL per connection: `/webhooks/meta/{webhookKey}`.
 * The body stays raw bytes here: the signature is checked over them before
 * anything is parsed.
 */
export function webhooksRoutes(
  service: WebhooksService,
  options: { processDelayMs: number },
): FastifyPluginAsync {
  return async (app) => {
    // Only in this scope: every body stays raw bytes (the default JSON parser would consume them).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 5 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

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
        if (!delivery) {
          // Another channel's payload: logged by the service, nothing kept.
        } else if (options.processDelayMs > 0) {
          setTimeout(() => void service.enqueue(delivery), options.processDelayMs).unref();
        } else {
          void service.enqueue(delivery);
        }
        return reply.status(200).send("EVENT_RECEIVED");
      },
    );
  };
}
