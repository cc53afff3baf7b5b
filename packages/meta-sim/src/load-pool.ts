/**
 * The load generator's HTTP/1.1 client, lean like wrk's or autocannon's: a
 * request is one pre-built buffer (request line, headers, body) written on a
 * pool of keep-alive connections, one request in flight on each (no
 * pipelining). A response is read only as far as its status and where it ends
 * (content-length, chunked, or the connection's close). A connection that
 * closes or fails under a request fails that request (counted, never resent);
 * the next request opens a new one.
 */
import net from "node:net";
import tls from "node:tls";

/** Called once per request with its id and the response's status (0: no response). */
export type OnResponse = (id: number, status: number) => void;

interface Connection {
  socket: net.Socket;
  /** The request in flight, -1 when idle. */
  id: number;
  /** What has arrived of the response so far, one char per byte. */
  text: string;
}

export class LoadPool {
  private readonly open = new Set<Connection>();
  /** Most recently freed last: it is reused first, as node's Agent does ("lifo"). */
  private readonly idle: Connection[] = [];
  /** Requests waiting for a connection, oldest first from waitingHead. */
  private readonly waiting: { id: number; request: Buffer }[] = [];
  private waitingHead = 0;

  constructor(
    private readonly url: URL,
    private readonly size: number,
    private readonly onResponse: OnResponse,
    private readonly timeoutMs = 15_000,
  ) {}

  send(id: number, request: Buffer): void {
    const connection = this.idle.pop() ?? (this.open.size < this.size ? this.connect() : undefined);
    if (connection) this.write(connection, id, request);
    else this.waiting.push({ id, request });
  }

  close(): void {
    for (const connection of this.open) connection.socket.destroy();
  }

  private connect(): Connection {
    const port = Number(this.url.port) || (this.url.protocol === "https:" ? 443 : 80);
    const host = this.url.hostname.replace(/^\[|\]$/g, "");
    // Writes made before the connection is up are queued by the socket.
    const socket =
      this.url.protocol === "https:"
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
        : net.connect({ host, port, noDelay: true });
    const connection: Connection = { socket, id: -1, text: "" };
    this.open.add(connection);
    // Quiet for timeoutMs: an answer that does not come fails its request, as node:http's timeout did.
    socket.setTimeout(this.timeoutMs, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => this.read(connection, chunk));
    // The close that follows an error fails the request in flight.
    socket.on("error", () => {});
    socket.on("close", () => this.closed(connection));
    return connection;
  }

  private write(connection: Connection, id: number, request: Buffer): void {
    connection.id = id;
    connection.socket.write(request);
  }

  private read(connection: Connection, chunk: Buffer): void {
    connection.text += chunk.toString("latin1");
    const response = parseResponse(connection.text);
    if (response === undefined) return;
    if (response.end < 0 || connection.id < 0) {
      // A malformed response, or bytes nobody asked for: this connection cannot be trusted.
      connection.socket.destroy();
      return;
    }
    const id = connection.id;
    connection.id = -1;
    connection.text = "";
    if (response.close) connection.socket.destroy();
    else this.release(connection);
    this.onResponse(id, response.status);
  }

  private release(connection: Connection): void {
    const next = this.takeWaiting();
    if (next) this.write(connection, next.id, next.request);
    else this.idle.push(connection);
  }

  private closed(connection: Connection): void {
    this.open.delete(connection);
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    if (connection.id >= 0) {
      // A response without a length ends with its connection; any other one was cut short.
      const id = connection.id;
      connection.id = -1;
      this.onResponse(id, untilClose(connection.text));
    }
    // A request that waited for this connection gets a new one.
    const next = this.open.size < this.size ? this.takeWaiting() : undefined;
    if (next) this.write(this.connect(), next.id, next.request);
  }

  /** The oldest request waiting for a connection, taken off the queue. */
  private takeWaiting(): { id: number; request: Buffer } | undefined {
    const next = this.waiting[this.waitingHead];
    if (!next) return undefined;
    this.waitingHead += 1;
    if (this.waitingHead === this.waiting.length) {
      this.waiting.length = 0;
      this.waitingHead = 0;
    }
    return next;
  }
}

interface ParsedResponse {
  status: number;
  /** Length of the whole response, -1 when it is malformed. */
  end: number;
  /** The server closes the connection after it. */
  close: boolean;
}

const HEAD_END = "\r\n\r\n";

/** The response at the start of `text` once it is complete (undefined until then). */
export function parseResponse(text: string): ParsedResponse | undefined {
  const headEnd = text.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const status = statusOf(text);
  if (status === 0) return { status, end: -1, close: true };
  const head = text.slice(0, headEnd).toLowerCase();
  const close = /\r\nconnection:[^\r]*close/.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  if (status < 200) {
    // An interim answer (100 Continue, 103 Early Hints): the final one follows it.
    const final = parseResponse(text.slice(bodyStart));
    return final && { ...final, end: final.end < 0 ? -1 : bodyStart + final.end };
  }
  if (status === 204 || status === 304) return { status, end: bodyStart, close };
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return text.length >= end ? { status, end, close } : undefined;
  }
  if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
    const end = chunkedEnd(text, bodyStart);
    return end === undefined ? undefined : { status, end, close };
  }
  // No length: the body runs until the server closes (see LoadPool.closed).
  return undefined;
}

/** Where a chunked body starting at `at` ends (after its trailers), undefined while incomplete. */
function chunkedEnd(text: string, at: number): number | undefined {
  for (;;) {
    const lineEnd = text.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (Number.isNaN(size)) return -1;
    if (size === 0) {
      const end = text.indexOf(HEAD_END, lineEnd);
      return end < 0 ? undefined : end + HEAD_END.length;
    }
    at = lineEnd + 2 + size + 2;
    if (at > text.length) return undefined;
  }
}

/** The status of a response that the connection's close ended, 0 if it was cut short. */
function untilClose(text: string): number {
  const headEnd = text.indexOf(HEAD_END);
  if (headEnd < 0) return 0;
  const head = text.slice(0, headEnd).toLowerCase();
  return /\r\n(content-length|transfer-encoding):/.test(head) ? 0 : statusOf(text);
}

/** "HTTP/1.x NNN ..." -> NNN; 0 when the text is not an HTTP/1 response. */
function statusOf(text: string): number {
  if (!text.startsWith("HTTP/1.")) return 0;
  const status = Number(text.slice(9, 12));
  return Number.isInteger(status) && status >= 100 ? status : 0;
}
