import type { CloudTemplateDto } from "@inbox/shared";
import type { GraphClient } from "../../channels/meta/graph-client.js";
import { ProviderError } from "../../channels/types.js";
import { AppError } from "../../http/app-error.js";

/** A template as `GET /{waba-id}/message_templates` lists it (the fields we read). */
interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: { type?: string; text?: string }[];
}

interface GraphTemplatePage {
  data?: GraphTemplate[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** Pages of 100 read at most: a business with more approved templates than this is not expected. */
const MAX_PAGES = 10;
const PAGE_SIZE = 100;

/** The highest `{{n}}` of a body: how many parameters a send must give. */
export function templateParameterCount(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/**
 * A Cloud API connection's APPROVED templates, read from the Graph API on each call (Meta approves
 * and pauses them outside our product, so there is nothing to keep in sync). Pages by the `after`
 * cursor on our own path: the `paging.next` URL a payload names is never fetched.
 */
export async function approvedTemplates(
  graph: GraphClient,
  connection: { wabaId: string | null; accessToken: string | null },
): Promise<CloudTemplateDto[]> {
  if (!connection.wabaId || !connection.accessToken) {
    throw new AppError("ERR_VALIDATION", {
      field: "whatsappId",
      message: "The connection has no WhatsApp Business Account id or access token",
    });
  }
  const templates: CloudTemplateDto[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({
      status: "APPROVED",
      limit: String(PAGE_SIZE),
      fields: "name,language,status,category,components",
      ...(after ? { after } : {}),
    });
    let answer: GraphTemplatePage;
    try {
      answer = await graph.get<GraphTemplatePage>(
        `${encodeURIComponent(connection.wabaId)}/message_templates?${query}`,
        connection.accessToken,
      );
    } catch (err) {
      if (err instanceof ProviderError)
        throw new AppError("ERR_FACEBOOK_GRAPH", { message: `Meta answered: ${err.message}` });
      throw err;
    }
    for (const t of answer.data ?? []) {
      if (t.status !== "APPROVED" || !t.name || !t.language) continue;
      const body = t.components?.find((c) => c.type === "BODY")?.text ?? "";
      templates.push({
        name: t.name,
        language: t.language,
        category: t.category ?? "",
        body,
        parameterCount: templateParameterCount(body),
      });
    }
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return templates;
}
