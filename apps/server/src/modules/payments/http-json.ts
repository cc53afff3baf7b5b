import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

/** A client certificate for mutual TLS (Efí's API requires one): a PKCS#12 bundle or PEM certificate and key. */
export interface ClientCertificate {
  pfx?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  passphrase?: string;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * One JSON call over node:http(s), the only way the payment providers talk:
 * fetch cannot present a client certificate. Bounded in time and size; the
 * answer's body is parsed when it is JSON, kept as text otherwise.
 */
export function requestJson(
  url: URL,
  options: {
    method: "GET" | "POST" | "PUT" | "PATCH";
    headers?: Record<string, string>;
    body?: unknown;
    certificate?: ClientCertificate;
    timeoutMs?: number;
  },
): Promise<JsonResponse> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: options.method,
        headers: {
          accept: "application/json",
          ...(payload
            ? { "content-type": "application/json", "content-length": String(payload.length) }
            : {}),
          ...options.headers,
        },
        ...(url.protocol === "https:" ? options.certificate : {}),
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > 1024 * 1024) req.destroy(new Error("answer larger than 1 MB"));
          else chunks.push(chunk);
        });
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text for the error message
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(payload);
  });
}
