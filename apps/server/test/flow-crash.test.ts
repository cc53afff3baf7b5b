import type { ChildProcess } from "node:child_process";
import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres } from "./harness.js";
import { freePort, ServerProcess, stopped } from "./server-process.js";

/**
 * A flow's interval survives its server being killed (SIGKILL, no shutdown) while it waits
 * (issue 13, "a kill during an interval resuming once"): the wait is a pg-boss timer job and the
 * ticket's `timer_at` (docs/FLOWS.md), so the server started again, with a second process started
 * beside it, sends the message after the interval exactly once, checked against meta-sim's records.
 * The kill may fall after the walk committed its timer and before the job was queued: then the
 * minute sweep runs the timer once it is 20 s overdue, so the waits below allow for its cron.
 *
 * Two processes need PostgreSQL (PGlite is one process's embedded database): without
 * TEST_DATABASE_URL there is nothing to run; `.ci/run` sets it.
 */
const INTERVAL_SECONDS = 8;
const AFTER = "Depois da espera";

let sim: MetaSim;
let server: ServerProcess;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sim = await startMetaSim({ port: 0 });
  if (usingPostgres) server = await ServerProcess.create("inbox_flow_crash_test");
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await stopped(child);
    }
  await sim.close();
});

/** Polls `check` until it answers something truthy; the last answer after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await check();
    if (answer || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("a flow's interval when its server is killed during the wait", () => {
  it.skipIf(!usingPostgres)(
    "resumes after a restart beside a second process: the message after the interval is sent once",
    async () => {
      const env = { META_GRAPH_URL: sim.url };
      const first = await server.start(env);
      children.push(first);
      const { token, user } = await server.login();
      const phoneNumberId = String(Date.now());
      const connection = await server.api<{ id: number }>("/whatsapp", token, {
        name: `flow-crash-${phoneNumberId}`,
        channel: "whatsappapi",
        phoneNumberId,
        accessToken: "flow-crash-token",
        appSecret: "flow-crash-secret",
      });
      const details = await server.api<{ webhookUrl: string }>(`/whatsapp/${connection.id}`, token);
      sim.registerAccount({
        channel: "whatsappapi",
        accountId: phoneNumberId,
        accessToken: "flow-crash-token",
        appSecret: "flow-crash-secret",
        webhookUrl: details.webhookUrl.replace(/^https?:\/\/[^/]+/, server.url),
      });

      // start → "Olá" → interval → "Depois da espera", through the editor's calls, as the welcome flow.
      const flow = await server.api<{ id: number }>("/flowbuilder", token, { name: "Espera" });
      const node = (id: string, type: string, data: object, x: number) => ({
        id,
        type,
        data,
        position: { x, y: 0 },
      });
      const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target });
      await server.api("/flowbuilder/flow", token, {
        idFlow: flow.id,
        nodes: [
          node("start", "start", { label: "Inicio" }, 0),
          node("hello", "message", { label: "Olá" }, 200),
          node("wait", "interval", { sec: INTERVAL_SECONDS }, 400),
          node("after", "message", { label: AFTER }, 600),
        ],
        connections: [edge("start", "hello"), edge("hello", "wait"), edge("wait", "after")],
      });
      await server.api(`/whatsapp/${connection.id}`, token, { flowIdWelcome: flow.id }, "PUT");

      const contact = "5511987650001";
      const texts = () =>
        sim.sent
          .filter((s) => s.accountId === phoneNumberId && s.recipient === contact && s.httpStatus === 200)
          .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));
      expect((await sim.cloud.text(phoneNumberId, { from: contact, name: "Rita", body: "Oi" })).status).toBe(
        200,
      );
      expect(await until(() => texts().includes("Olá"), 60_000)).toBe(true);

      const database = await server.openDatabase();
      const select = async <T>(text: string, values: unknown[]) =>
        (await database.sql.query(text, values)).rows as T[];
      try {
        const automation = async () => {
          return select<{
            ticket_id: number;
            stage: string;
            timer_at: Date | null;
            ahead: boolean | null;
          }>(
            `SELECT ticket_id, state->>'stage' AS stage, timer_at, timer_at > now() AS ahead
               FROM ticket_automations WHERE company_id = $1`,
            [user.companyId],
          );
        };
        // The walk waits on the interval: its timer is in the row, not yet due.
        const waiting = await until(async () => {
          const rows = await automation();
          return rows.length === 1 && rows[0]?.stage === "flow" && rows[0].timer_at !== null && rows[0];
        }, 30_000);
        if (!waiting) throw new Error(`no pending timer: ${JSON.stringify(await automation())}`);
        expect(waiting.ahead).toBe(true);

        first.kill("SIGKILL");
        await stopped(first);
        expect(texts()).toEqual(["Olá"]);

        // Started again, and a second process on the same database at the same time (its own port,
        // the same data directory and so the same secrets).
        const twin: ServerProcess = Object.create(server, { port: { value: await freePort() } });
        const restarted = await Promise.all([server.start(env), twin.start(env)]);
        children.push(...restarted);

        // The timer's job or, if it was lost with the first process, the sweep: 20 s overdue plus
        // up to a minute for its cron, on a busy machine.
        expect(await until(() => texts().includes(AFTER), 150_000)).toBe(true);

        // Settled: the walk ended, no timer left in the row or as a job, nothing stored waits to be
        // sent. Only then does "once" mean something.
        const settled = await until(async () => {
          const [row] = await automation();
          const jobs = await select<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job
              WHERE name = 'automation.timer' AND state IN ('created', 'retry', 'active')
                AND (data->>'ticketId')::int = $1`,
            [waiting.ticket_id],
          );
          const unsent = await select<{ n: number }>(
            `SELECT count(*)::int AS n FROM messages
              WHERE company_id = $1 AND from_me AND provider_message_id IS NULL`,
            [user.companyId],
          );
          return row?.stage !== "flow" && row?.timer_at === null && jobs[0]?.n === 0 && unsent[0]?.n === 0;
        }, 60_000);
        expect(settled).toBe(true);
        expect(texts()).toEqual(["Olá", AFTER]);
        const stored = await select<{ body: string }>(
          "SELECT body FROM messages WHERE company_id = $1 AND from_me ORDER BY id",
          [user.companyId],
        );
        expect(stored.map((r) => r.body)).toEqual(["Olá", AFTER]);
      } finally {
        await database.close();
      }
    },
    300_000,
  );
});
