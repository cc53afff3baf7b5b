import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { jwtVerify } from "jose";
import { type FakeServer, jsonBody, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A local Dialogflow ES API (cloud.google.com/dialogflow/es/docs/reference/rest/v2,
 * `projects.agent.sessions.detectIntent`): `POST /v2/projects/{project}/agent/sessions/{session}:detectIntent`
 * with `{ queryInput: { text: { text, languageCode } } }`, answering `{ responseId, queryResult }`.
 * The bearer must be a JWT signed with the fake service account's key (what the official client
 * sends with a service-account key); errors in Google's `{ error: { code, message, status } }`.
 *
 * The agent: "tchau" matches an intent that ends the conversation, anything else the welcome
 * intent with two messages; project `missing` is 404, language `xx` is 400.
 */
export interface FakeDialogflow extends FakeServer {
  /** A service-account JSON key the fake accepts. */
  jsonContent: string;
  /** Sessions seen, "project/session". */
  sessions: string[];
  failWith: { code: number; status: string; message: string } | null;
}

function serviceAccountKey(): { jsonContent: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jsonContent = JSON.stringify({
    type: "service_account",
    project_id: "agente-teste",
    private_key_id: "fake",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: "bot@agente-teste.iam.gserviceaccount.com",
    client_id: "1",
    token_uri: "https://oauth2.googleapis.com/token",
  });
  return { jsonContent, publicKey };
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  const { jsonContent, publicKey } = serviceAccountKey();
  const sessions: string[] = [];
  const server = await startFakeServer(async (req, res) => {
    const path = new URL(req.path, "http://fake").pathname;
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (req.method !== "POST" || !match)
      return sendJson(res, 404, googleError(404, "NOT_FOUND", "Not found"));
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    const valid = token
      ? await jwtVerify(token, publicKey).then(
          (r) => r.payload.iss === "bot@agente-teste.iam.gserviceaccount.com",
          () => false,
        )
      : false;
    if (!valid)
      return sendJson(
        res,
        401,
        googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."),
      );
    const [, project, session] = match as unknown as [string, string, string];
    if (project === "missing")
      return sendJson(
        res,
        404,
        googleError(404, "NOT_FOUND", `No DesignTimeAgent found for project '${project}'.`),
      );
    if (fake.failWith)
      return sendJson(
        res,
        fake.failWith.code,
        googleError(fake.failWith.code, fake.failWith.status, fake.failWith.message),
      );
    const { queryInput } = jsonBody<{ queryInput?: { text?: { text?: string; languageCode?: string } } }>(
      req,
    );
    const text = queryInput?.text?.text ?? "";
    const languageCode = queryInput?.text?.languageCode ?? "";
    if (languageCode === "xx")
      return sendJson(
        res,
        400,
        googleError(
          400,
          "INVALID_ARGUMENT",
          "com.google.apps.framework.request.BadRequestException: Unsupported language code xx",
        ),
      );
    sessions.push(`${project}/${session}`);
    const bye = text.trim().toLowerCase() === "tchau";
    return sendJson(res, 200, {
      responseId: `resp-${sessions.length}`,
      queryResult: {
        queryText: text,
        languageCode: languageCode.toLowerCase(),
        action: bye ? "goodbye" : "input.welcome",
        allRequiredParamsPresent: true,
        fulfillmentText: bye ? "Até logo!" : "Olá! Como posso ajudar?",
        fulfillmentMessages: bye
          ? [{ text: { text: ["Até logo!"] } }]
          : [
              { text: { text: ["Olá! Como posso ajudar?"] } },
              { text: { text: ["Digite 'tchau' para sair."] } },
            ],
        intent: {
          name: `projects/${project}/agent/intents/${bye ? "2" : "1"}`,
          displayName: bye ? "Despedida" : "Default Welcome Intent",
          ...(bye ? { endInteraction: true } : {}),
        },
        intentDetectionConfidence: bye ? 0.9 : 1,
      },
    });
  });
  const fake: FakeDialogflow = Object.assign(server, { jsonContent, sessions, failWith: null });
  return fake;
}
