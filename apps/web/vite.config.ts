import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, loadEnv, type ProxyOptions } from "vite";

const DEFAULT_API_TARGET = "http://localhost:8080";

/**
 * SPA routes such as /users share their path with API routes. A browser
 * navigation asks for text/html: let Vite serve index.html for those and
 * proxy only the API calls.
 */
function apiProxy(target: string): ProxyOptions {
  return {
    target,
    bypass(req) {
      const accept = req.headers.accept ?? "";
      return accept.includes("text/html") ? req.url : undefined;
    },
  };
}

/**
 * Every path the API serves starts with one of these (a prefix match, as the proxy does):
 * apps/server/src/http/dev-proxy.test.ts fails when a server route is left out.
 */
export const API_PREFIXES = [
  "/api",
  "/announcements",
  "/auth",
  "/campaign-settings",
  "/campaigns",
  "/chatbot",
  "/chats",
  "/closedimported",
  "/companies",
  "/companySetting",
  "/contact-list-items",
  "/contact-lists",
  "/contactTags",
  "/contacts",
  "/dashboard",
  "/facebook",
  "/files",
  "/flowbuilder",
  "/flowcampaign",
  "/helps",
  "/invoices",
  "/message",
  "/openapi.json",
  "/plans",
  "/prompt",
  "/public",
  "/queue",
  "/queueIntegration",
  "/quick-messages",
  "/schedules",
  "/setting",
  "/subscription",
  "/tag/kanban",
  "/tags",
  "/ticket-notes",
  "/ticket-tags",
  "/ticket/kanban",
  "/ticketreport",
  "/tickets",
  "/users",
  "/usersMoments",
  "/version",
  "/webhooks",
  "/whatsapp",
];

export default defineConfig(({ mode }) => {
  // API_URL (environment or .env) points the dev proxy at another server.
  const target = loadEnv(mode, ".", "API_").API_URL ?? DEFAULT_API_TARGET;
  return {
    plugins: [react()],
    resolve: {
      // Use @inbox/shared's TypeScript sources directly (no build of shared needed).
      conditions: ["source", ...defaultClientConditions],
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Long-lived vendor chunks: an app release does not invalidate the libraries' cache.
          codeSplitting: {
            groups: [
              { name: "mui", test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
              { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              // The PDF export's library loads only when a conversation is exported.
              { name: "pdf-lib", test: /node_modules[\\/](pdf-lib|@pdf-lib|pako)[\\/]/ },
              // The composer's emoji picker loads only when it is first opened.
              { name: "emoji-picker", test: /node_modules[\\/]emoji-picker-react[\\/]/ },
              { name: "vendor", test: /node_modules[\\/]/ },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiProxy(target)])),
        "/socket.io": { target, ws: true },
      },
    },
  };
});
