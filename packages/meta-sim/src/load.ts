/**
 * Load generator: fires signed text webhooks at a steady rate and measures
 * each delivery (request start to response end). Bodies come from a template
 * serialised once per account, so a delivery costs one string concat, one
 * HMAC and one keep-alive request.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { SimCore } from "./core.js";
import { mid, wamid } from "./ids.js";
import type { Account, FireLoadOptions, FireLoadResult } from "./types.js";
import { postRaw } from "./webhooks.js";

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
  agent: http.Agent;
}

/** The envelope with placeholders, serialised once and split around them. */
function templateFor(account: Account, agent: http.Agent): Template {
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
  return { account, url: new URL(account.webhookUrl), parts, order, agent };
}

function render(template: Template, values: Record<string, string>): string {
  let out = template.parts[0] ?? "";
  for (let i = 0; i < template.order.length; i += 1) {
    out += values[template.order[i] ?? ""] + (template.parts[i + 1] ?? "");
  }
  return out;
}

export async function fireLoad(core: SimCore, options: FireLoadOptions): Promise<FireLoadResult> {
  if (options.kind !== "text") throw new Error(`fireLoad: unsupported kind ${String(options.kind)}`);
  if (!options.accounts.length) throw new Error("fireLoad: accounts[] is empty");
  const maxSockets = options.maxSockets ?? 128;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets }),
    https: new https.Agent({ keepAlive: true, maxSockets }),
  };
  const templates = options.accounts.map((id) => {
    const account = core.requireAccount(id);
    const agent = account.webhookUrl.startsWith("https:") ? agents.https : agents.http;
    return templateFor(account, agent);
  });
  const contactsPerAccount = options.contacts ?? 1000;
  const total = Math.max(1, Math.round(options.ratePerSecond * options.durationSeconds));
  const latencies = new Float64Array(total);
  let sent = 0;
  let ok = 0;
  let failed = 0;
  let done = 0;
  const started = performance.now();

  const fireOne = (index: number): Promise<void> => {
    const template = templates[index % templates.length]!;
    const contactIndex =
      (options.firstContact ?? 0) + (Math.floor(index / templates.length) % contactsPerAccount);
    const cloud = template.account.channel === "whatsappapi";
    const from = cloud ? String(5511900000000 + contactIndex) : String(7_000_000_000_000_000 + contactIndex);
    const now = Date.now();
    const raw = Buffer.from(
      render(template, {
        [ID]: cloud ? wamid(from) : mid(),
        [FROM]: from,
        [TS]: cloud ? String(Math.floor(now / 1000)) : String(now),
        // The send time rides in the body so a receiver can measure end-to-end latency.
        [BODY]: `load ${index} @${now}`,
      }),
    );
    const signature = `sha256=${createHmac("sha256", template.account.appSecret).update(raw).digest("hex")}`;
    return postRaw(template.url, raw, { "x-hub-signature-256": signature }, template.agent).then((result) => {
      latencies[done] = result.durationMs;
      done += 1;
      if (result.status >= 200 && result.status < 300) ok += 1;
      else failed += 1;
    });
  };

  const inFlight = new Set<Promise<void>>();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.min(total, Math.floor(elapsed * options.ratePerSecond) + 1);
      while (sent < due) {
        const promise = fireOne(sent);
        sent += 1;
        inFlight.add(promise);
        void promise.finally(() => inFlight.delete(promise));
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(inFlight);
  const durationMs = performance.now() - started;
  agents.http.destroy();
  agents.https.destroy();
  const measured = latencies.subarray(0, done).sort();
  const percentile = (p: number) =>
    measured.length
      ? round(measured[Math.min(measured.length - 1, Math.ceil(p * measured.length) - 1)] ?? 0)
      : 0;
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
