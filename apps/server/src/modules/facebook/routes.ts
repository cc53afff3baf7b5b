import { facebookPagesResultDto, facebookPagesSchema } from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FacebookService } from "./service.js";

/** POST /facebook (spec 2 section 7): add the pages (and Instagram accounts) of a Facebook Login. */
export function facebookRoutes(service: FacebookService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/facebook",
      {
        // Pages need useFacebook; with addInstagram the request is for Instagram accounts (useInstagram).
        config: {
          planFeature: {
            flags: ["useFacebook", "useInstagram"],
            of: (body) => (asksInstagram(body) ? "useInstagram" : "useFacebook"),
          },
        },
        schema: {
          description:
            "Adds the Facebook user's pages as facebook connections and, with addInstagram, their Instagram business accounts as instagram connections; a page already connected in this company is updated (new token), not added twice. Answers the connections created or updated.",
          body: facebookPagesSchema,
          response: { 200: facebookPagesResultDto },
        },
      },
      (req) => service.addPages(req.ctx, req.body),
    );
  };
}

/** addInstagram as the schema reads it (looseBoolean), from the body before validation. */
function asksInstagram(body: unknown): boolean {
  const value = (body as { addInstagram?: unknown } | null)?.addInstagram;
  return value === true || value === 1 || value === "true" || value === "1";
}
