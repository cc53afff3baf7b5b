import { randomUUID } from "node:crypto";
import { type FakeServer, jsonBody, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A local Typebot viewer following its public chat API (docs.typebot.io, "Deploy > API"):
 * `POST /api/v1/typebots/{publicId}/startChat` and `POST /api/v1/sessions/{sessionId}/continueChat`,
 * answering `{ sessionId, typebot, messages, input? }` with rich-text bubbles (Slate nodes) and a
 * choice input. One bot, `atendimento`: a greeting (bold name, a link), a picture and a menu; the
 * choice "Vendas" ends the flow, anything else repeats the menu. Errors as Typebot answers them:
 * `{ message, code }` with 404 for an unknown typebot or session.
 */
export interface FakeTypebot extends FakeServer {
  /** Sessions and the messages each received. */
  sessions: Map<string, string[]>;
}

const menu = {
  id: "menu",
  type: "choice input",
  items: [
    { id: "i1", content: "Vendas" },
    { id: "i2", content: "Suporte" },
  ],
  options: { isMultipleChoice: false },
};

const rich = (id: string, richText: unknown[]) => ({
  id,
  type: "text",
  content: { type: "richText", richText },
});

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const sessions = new Map<string, string[]>();
  const server = await startFakeServer((req, res) => {
    if (req.method !== "POST")
      return sendJson(res, 405, { message: "Method not allowed", code: "METHOD_NOT_SUPPORTED" });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.path);
    if (start) {
      if (decodeURIComponent(start[1] as string) !== "atendimento")
        return sendJson(res, 404, { message: "Typebot not found", code: "NOT_FOUND" });
      const sessionId = randomUUID();
      const { prefilledVariables } = jsonBody<{ prefilledVariables?: { name?: string } }>(req);
      sessions.set(sessionId, []);
      return sendJson(res, 200, {
        sessionId,
        resultId: randomUUID(),
        typebot: { id: "tb1", theme: {}, settings: {} },
        messages: [
          rich("m1", [
            {
              type: "p",
              children: [
                { text: "Olá, " },
                { text: prefilledVariables?.name ?? "visitante", bold: true },
                { text: "!" },
              ],
            },
            {
              type: "p",
              children: [
                { text: "Veja " },
                { type: "a", url: "https://example.com/p", children: [{ text: "o site" }] },
              ],
            },
          ]),
          { id: "m2", type: "image", content: { url: "https://cdn.example.com/banner.png" } },
          rich("m3", [{ type: "p", children: [{ text: "Escolha uma opção:" }] }]),
        ],
        input: menu,
      });
    }
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.path);
    if (next) {
      const received = sessions.get(decodeURIComponent(next[1] as string));
      if (!received) return sendJson(res, 404, { message: "Session not found.", code: "NOT_FOUND" });
      const { message } = jsonBody<{ message?: { type: string; text: string } }>(req);
      if (message?.type !== "text" || typeof message.text !== "string")
        return sendJson(res, 400, { message: "Invalid input", code: "BAD_REQUEST" });
      received.push(message.text);
      if (message.text === "Vendas")
        return sendJson(res, 200, {
          messages: [rich("m4", [{ type: "p", children: [{ text: "Um vendedor já vem.", italic: true }] }])],
        });
      return sendJson(res, 200, {
        messages: [rich("m5", [{ type: "p", children: [{ text: "Opção inválida" }] }])],
        input: menu,
      });
    }
    return sendJson(res, 404, { message: "Not found", code: "NOT_FOUND" });
  });
  return Object.assign(server, { sessions });
}
