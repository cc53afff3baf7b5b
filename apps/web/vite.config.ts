import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type ProxyOptions } from "vite";

const API_TARGET = "http://localhost:8080";

/**
 * SPA routes such as /users share their path with API routes. A browser
 * navigation asks for text/html: let Vite serve index.html for those and
 * proxy only the API calls.
 */
function apiProxy(): ProxyOptions {
  return {
    target: API_TARGET,
    bypass(req) {
      const accept = req.headers.accept ?? "";
      return accept.includes("text/html") ? req.url : undefined;
    },
  };
}

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Use @inbox/shared's TypeScript sources directly (no build of shared needed).
    conditions: ["source", ...defaultClientConditions],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/auth": apiProxy(),
      "/users": apiProxy(),
      "/version": apiProxy(),
      "/public": apiProxy(),
      "/queue": apiProxy(),
      "/whatsapp": apiProxy(),
      "/socket.io": { target: API_TARGET, ws: true },
    },
  },
});
