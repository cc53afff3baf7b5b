import { type FakeServer, sendJson, startFakeServer } from "./http-fake.js";

/**
 * A local Azure Speech text-to-speech endpoint (learn.microsoft.com, "Text to speech REST API"):
 * `POST /cognitiveservices/v1` with `Ocp-Apim-Subscription-Key`, `Content-Type: application/ssml+xml`
 * and `X-Microsoft-OutputFormat`; answers the audio bytes (an Ogg page header and the spoken text,
 * enough to tell what was asked), 401 for another key, 400 for SSML without a known voice.
 */
export const FAKE_AZURE_KEY = "fake-azure-speech-key";

export interface FakeAzureTts extends FakeServer {
  /** Voices and texts synthesised, in order. */
  spoken: { voice: string; text: string; format: string }[];
}

export async function startFakeAzureTts(): Promise<FakeAzureTts> {
  const spoken: FakeAzureTts["spoken"] = [];
  const server = await startFakeServer((req, res) => {
    if (req.method !== "POST" || req.path !== "/cognitiveservices/v1") return sendJson(res, 404, {});
    if (req.headers["ocp-apim-subscription-key"] !== FAKE_AZURE_KEY) return res.writeHead(401).end();
    if (!String(req.headers["content-type"]).startsWith("application/ssml+xml"))
      return res.writeHead(415).end();
    const ssml = req.body.toString("utf8");
    const voice = /<voice name="([^"]+)">/.exec(ssml)?.[1];
    const text = /<voice name="[^"]+">([\s\S]*)<\/voice>/.exec(ssml)?.[1];
    if (!voice || !/^pt-BR-\w+Neural$/.test(voice) || text === undefined) return res.writeHead(400).end();
    const format = String(req.headers["x-microsoft-outputformat"] ?? "");
    spoken.push({ voice, text, format });
    const audio = Buffer.concat([Buffer.from("OggS"), Buffer.from(text)]);
    res.writeHead(200, { "content-type": "audio/ogg", "content-length": audio.length });
    res.end(audio);
  });
  return Object.assign(server, { spoken });
}
