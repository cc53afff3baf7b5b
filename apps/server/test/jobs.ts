import type { TestServer } from "./harness.js";

/**
 * Sends a job through the test server's pg-boss (started with `jobs: true`) and answers the state
 * it ended in, "completed" or "failed" (undefined if neither within 20 s): the job's registration,
 * queue and handler all run as in production.
 */
export async function runJob(
  server: TestServer,
  name: string,
  data: object = {},
): Promise<string | undefined> {
  const jobId = await server.jobs?.send(name, data);
  if (!jobId) throw new Error(`job ${name} was not queued (is the server started with jobs?)`);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const state = (await server.jobs?.getJob(name, jobId))?.state;
    if (state === "completed" || state === "failed") return state;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}
