#!/usr/bin/env node
/** `meta-sim --port 9090 [--host 0.0.0.0] [--graph-version v21.0]`: starts the simulator and prints its URL. */
import { parseArgs } from "node:util";
import { startMetaSim } from "./sim.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.META_SIM_PORT ?? "9090" },
    host: { type: "string", default: process.env.META_SIM_HOST ?? "127.0.0.1" },
    "graph-version": { type: "string", default: "v21.0" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log("usage: meta-sim [--port 9090] [--host 127.0.0.1] [--graph-version v21.0]");
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`meta-sim: invalid --port ${values.port}`);
  process.exit(2);
}

const sim = await startMetaSim({ port, host: values.host, graphVersion: values["graph-version"] });
console.log(`meta-sim listening on ${sim.url}`);
console.log(`  Graph API:   ${sim.graphUrl}   (set META_GRAPH_URL=${sim.url})`);
console.log(`  Phone page:  ${sim.url}/`);
console.log(`  Control API: ${sim.url}/_sim/health`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
