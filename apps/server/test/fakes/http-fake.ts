import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The common ground of the providers' local fakes: a server on a free local port that records
 * each request (method, path, headers, raw body) and hands it to the fake's handler. `hang` makes
 * every next request wait forever (the clients' time limits are tested against it).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export interface FakeServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  hang: boolean;
  close(): Promise<void>;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => unknown;

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const open = new Set<ServerResponse>();
  const fake: FakeServer = {
    url: "",
    port: 0,
    requests: [],
    hang: false,
    close: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      fake.requests.push(recorded);
      if (fake.hang) {
        open.add(res);
        return;
      }
      Promise.resolve(handler(recorded, res)).catch((error: Error) =>
        sendJson(res, 500, { error: error.message }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  return fake;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export const jsonBody = <T = Record<string, unknown>>(req: RecordedRequest): T =>
  JSON.parse(req.body.toString("utf8")) as T;
