/**
 * Load generator: fires signed text webhooks at a steady rate and measures
 * each delivery (request start to response end). `prepareLoad` builds every
 * request of the run beforehand (the envelope from a template serialised once
 * per account, its HMAC, the HTTP/1.1 head), so that once the clock starts the
 * paced loop only writes ready bytes on keep-alive connections (load-pool.ts):
 * on a machine it shares with the system under test, the generator takes as
 * little CPU from it as it can. Message i's body is "load i"; the time it was
 * sent is `sentAt[i]`, readable from another thread.
 */
import { createHmac } from "node:crypto";
import type { SimCore } from "./core.js";
import { mid, wamid } from "./ids.js";
import { LoadPool } from "./load-pool.js";
import type { Account, FireLoadOptions, FireLoadResult, PreparedLoad } from "./types.js";

// Placeholders that survive JSON.stringify unescaped and never occur in real values.
const ID = "__SIM_ID__";
const FROM = "__SIM_FROM__";
const TS = "__SIM_TS__";
const BODY = "__SIM_BODY__";

interface Template {
  account: Account;
  url: URL;
  parts: string[];
  order: string[];
}

/** The envelope with placeholders, serialised once and split around them. */
function templateFor(account: Account): Template {
  let envelope: unknown;
  if (account.channel === "whatsappapi") {
    envelope = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: account.displayPhoneNumber,
                  phone_number_id: account.accountId,
                },
                contacts: [{ profile: { name: `Load ${FROM}` }, wa_id: FROM }],
                messages: [{ from: FROM, id: ID, timestamp: TS, type: "text", text: { body: BODY } }],
              },
              field: "messages",
            },
          ],
        },
      ],
    };
  } else {
    envelope = {
      object: account.channel === "facebook" ? "page" : "instagram",
      entry: [
        {
          id: account.accountId,
          time: TS,
          messaging: [
            {
              sender: { id: FROM },
              recipient: { id: account.accountId },
              timestamp: TS,
              message: { mid: ID, text: BODY },
            },
          ],
        },
      ],
    };
  }
  let json = JSON.stringify(envelope);
  // Messenger/Instagram times are numbers: drop the quotes around their placeholder.
  if (account.channel !== "whatsappapi") json = json.replaceAll(`"${TS}"`, TS);
  const tokens = new RegExp(`(${[ID, FROM, TS, BODY].join("|")})`, "g");
  const pieces = json.split(tokens);
  const parts: string[] = [];
  const order: string[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) parts.push(piece);
    else order.push(piece);
  });
  return { account, url: new URL(account.webhookUrl), parts, order };
}

function render(template: Template, values: Record<string, string>): string {
  let out = template.parts[0] ?? "";
  for (let i = 0; i < template.order.length; i += 1) {
    out += values[template.order[i] ?? ""] + (template.parts[i + 1] ?? "");
  }
  return out;
}

/** Builds every request of the run; nothing is sent until `fire()`. */
export function prepareLoad(core: SimCore, options: FireLoadOptions): PreparedLoad {
  if (options.kind !== "text") throw new Error(`fireLoad: unsupported kind ${String(options.kind)}`);
  if (!options.accounts.length) throw new Error("fireLoad: accounts[] is empty");
  const templates = options.accounts.map((id) => templateFor(core.requireAccount(id)));
  const contactsPerAccount = options.contacts ?? 1000;
  const total = Math.max(1, Math.round(options.ratePerSecond * options.durationSeconds));
  const builtAt = Date.now();
  const requests = Array.from({ length: total }, (_, index) => {
    const template = templates[index % templates.length]!;
    const contactIndex =
      (options.firstContact ?? 0) + (Math.floor(index / templates.length) % contactsPerAccount);
    const cloud = template.account.channel === "whatsappapi";
    const from = cloud ? String(5511900000000 + contactIndex) : String(7_000_000_000_000_000 + contactIndex);
    // Stamped with the time it is due if the load fires now: a fire() soon after sends it within a second or so.
    const due = builtAt + Math.floor((index * 1000) / options.ratePerSecond);
    const body = Buffer.from(
      render(template, {
        [ID]: cloud ? wamid(from) : mid(),
        [FROM]: from,
        [TS]: cloud ? String(Math.floor(due / 1000)) : String(due),
        [BODY]: `load ${index}`,
      }),
    );
    const signature = createHmac("sha256", template.account.appSecret).update(body).digest("hex");
    const { url } = template;
    const head =
      `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n` +
      `content-type: application/json\r\ncontent-length: ${body.length}\r\n` +
      `x-hub-signature-256: sha256=${signature}\r\n\r\n`;
    return Buffer.concat([Buffer.from(head, "latin1"), body]);
  });
  // A SharedArrayBuffer, so that a receiver on another thread can time each message end to end.
  const sentAt = new Float64Array(new SharedArrayBuffer(total * Float64Array.BYTES_PER_ELEMENT));
  let fired = false;
  return {
    total,
    sentAt,
    fire() {
      // Each request carries unique message ids: sending them twice would not be a new load.
      if (fired) throw new Error("fireLoad: a prepared load fires once");
      fired = true;
      return fire(templates, requests, sentAt, options);
    },
  };
}

export function fireLoad(core: SimCore, options: FireLoadOptions): Promise<FireLoadResult> {
  return prepareLoad(core, options).fire();
}

async function fire(
  templates: Template[],
  requests: Buffer[],
  sentAt: Float64Array,
  options: FireLoadOptions,
): Promise<FireLoadResult> {
  const total = requests.length;
  const startedAt = new Float64Array(total);
  const latencies = new Float64Array(total);
  let sent = 0;
  let ok = 0;
  let failed = 0;
  let done = 0;
  let finished = () => {};
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const onResponse = (index: number, status: number) => {
    latencies[done] = performance.now() - (startedAt[index] ?? 0);
    done += 1;
    if (status >= 200 && status < 300) ok += 1;
    else failed += 1;
    if (done === total) finished();
  };
  // One pool per origin, as node's Agent keeps maxSockets per host.
  const pools = new Map<string, LoadPool>();
  const poolOf = templates.map(({ url }) => {
    let pool = pools.get(url.origin);
    if (!pool) {
      pool = new LoadPool(url, options.maxSockets ?? 128, onResponse);
      pools.set(url.origin, pool);
    }
    return pool;
  });
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.min(total, Math.floor(elapsed * options.ratePerSecond) + 1);
      while (sent < due) {
        startedAt[sent] = performance.now();
        // Written before the request leaves: the receiver reads it after the message came back through the server.
        sentAt[sent] = Date.now();
        poolOf[sent % poolOf.length]!.send(sent, requests[sent]!);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await allDone;
  const durationMs = performance.now() - started;
  for (const pool of pools.values()) pool.close();
  const measured = latencies.sort();
  const percentile = (p: number) =>
    round(measured[Math.min(measured.length - 1, Math.ceil(p * measured.length) - 1)] ?? 0);
  return {
    sent,
    ok,
    failed,
    p50: percentile(0.5),
    p99: percentile(0.99),
    max: round(measured.at(-1) ?? 0),
    durationMs: round(durationMs),
    achievedRate: round((sent / durationMs) * 1000),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
