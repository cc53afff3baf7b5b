/**
 * WhatsApp message templates of a business account (WABA): `GET /{waba-id}/message_templates`
 * lists them (paged like the Graph API: `limit`, `after`, `paging.cursors`), and a template send
 * must name one that exists in that language, approved, with one body parameter per `{{n}}`.
 * Every WABA has Meta's `hello_world` (en_US) until a test sets its own list.
 */
import type { GraphReply } from "./graph-cloud.js";
import { isRecord } from "./http-util.js";
import type { Account, SimGraphError } from "./types.js";

export type TemplateStatus = "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";

export interface TemplateComponent {
  type: "HEADER" | "BODY" | "FOOTER" | "BUTTONS";
  format?: string;
  text?: string;
}

export interface SimTemplate {
  name: string;
  /** Meta's language code, e.g. pt_BR. */
  language: string;
  status: TemplateStatus;
  category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
  components: TemplateComponent[];
  id: string;
}

export type TemplateInput = Omit<SimTemplate, "id" | "status" | "category"> &
  Partial<Pick<SimTemplate, "id" | "status" | "category">>;

const HELLO_WORLD: SimTemplate = {
  name: "hello_world",
  language: "en_US",
  status: "APPROVED",
  category: "UTILITY",
  components: [
    { type: "HEADER", format: "TEXT", text: "Hello World" },
    {
      type: "BODY",
      text: "Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.",
    },
    { type: "FOOTER", text: "WhatsApp Business Platform sample message" },
  ],
  id: "1000000000000001",
};

const DEFAULT_LIMIT = 25;

/** The templates of every WABA, by WABA id. */
export class TemplateStore {
  private readonly byWaba = new Map<string, SimTemplate[]>();
  private nextId = 2_000_000_000_000_001;

  of(wabaId: string): SimTemplate[] {
    return this.byWaba.get(wabaId) ?? [HELLO_WORLD];
  }

  set(wabaId: string, templates: TemplateInput[]): SimTemplate[] {
    const list = templates.map((t) => ({
      status: "APPROVED" as const,
      category: "MARKETING" as const,
      ...t,
      id: t.id ?? String(this.nextId++),
    }));
    this.byWaba.set(wabaId, list);
    return list;
  }

  clear(): void {
    this.byWaba.clear();
  }
}

/** How many `{{n}}` parameters a template's body takes (the highest n). */
export function bodyParameterCount(template: SimTemplate): number {
  const body = template.components.find((c) => c.type === "BODY")?.text ?? "";
  let highest = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** `GET /{waba-id}/message_templates?limit&after&status&name`: the token must belong to a phone number of that WABA. */
export function listTemplates(
  store: TemplateStore,
  wabaId: string,
  tokenAccounts: Account[],
  query: URLSearchParams,
  unknown: SimGraphError,
): GraphReply {
  if (!tokenAccounts.some((a) => a.channel === "whatsappapi" && a.wabaId === wabaId))
    return { status: unknown.httpStatus, json: { error: unknown.error } };
  const status = query.get("status");
  const name = query.get("name");
  const all = store
    .of(wabaId)
    .filter((t) => (!status || t.status === status) && (!name || t.name.includes(name)));
  const limit = Math.max(1, Math.min(Number(query.get("limit")) || DEFAULT_LIMIT, 100));
  const start = Math.max(0, Number(decodeCursor(query.get("after"))) || 0);
  const data = all.slice(start, start + limit);
  const end = start + data.length;
  return {
    status: 200,
    json: {
      data,
      paging: {
        cursors: { before: encodeCursor(start), after: encodeCursor(end) },
        ...(end < all.length ? { next: `message_templates?limit=${limit}&after=${encodeCursor(end)}` } : {}),
      },
    },
  };
}

/** A template send's check: exists in that language, approved, parameters matching the body. */
export function checkTemplateSend(
  store: TemplateStore,
  account: Account,
  content: Record<string, unknown>,
): SimGraphError | undefined {
  const language = isRecord(content.language) ? content.language.code : undefined;
  const template = store.of(account.wabaId).find((t) => t.name === content.name && t.language === language);
  if (template?.status !== "APPROVED") {
    return {
      httpStatus: 404,
      error: {
        message: "(#132001) Template name does not exist in the translation",
        type: "OAuthException",
        code: 132001,
        error_data: {
          messaging_product: "whatsapp",
          details: `template name (${String(content.name)}) does not exist in ${String(language)}`,
        },
      },
    };
  }
  const components = Array.isArray(content.components) ? content.components : [];
  const body = components.find((c) => isRecord(c) && String(c.type).toLowerCase() === "body");
  const given = isRecord(body) && Array.isArray(body.parameters) ? body.parameters.length : 0;
  const expected = bodyParameterCount(template);
  if (given !== expected) {
    return {
      httpStatus: 400,
      error: {
        message: "(#132000) Number of parameters does not match the expected number of params",
        type: "OAuthException",
        code: 132000,
        error_data: {
          messaging_product: "whatsapp",
          details: `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
        },
      },
    };
  }
  return undefined;
}

/** The text the contact sees: the body with each `{{n}}` replaced by the n-th parameter. */
export function renderTemplate(
  store: TemplateStore,
  account: Account,
  content: Record<string, unknown>,
): string {
  const language = isRecord(content.language) ? content.language.code : undefined;
  const template = store.of(account.wabaId).find((t) => t.name === content.name && t.language === language);
  const text =
    template?.components.find((c) => c.type === "BODY")?.text ?? `[template ${String(content.name)}]`;
  const components = Array.isArray(content.components) ? content.components : [];
  const body = components.find((c) => isRecord(c) && String(c.type).toLowerCase() === "body");
  const parameters = isRecord(body) && Array.isArray(body.parameters) ? body.parameters : [];
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const parameter = parameters[Number(n) - 1];
    return isRecord(parameter) && typeof parameter.text === "string" ? parameter.text : whole;
  });
}

const encodeCursor = (index: number) => Buffer.from(String(index)).toString("base64url");
const decodeCursor = (cursor: string | null) => (cursor ? Buffer.from(cursor, "base64url").toString() : "0");
