import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo, Socket as NetSocket } from "node:net";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { CoalescingWebSocket, CoalescingWebSocketServer } from "./coalescing-ws.js";

/**
 * socket.io over CoalescingWebSocketServer (as socket-server.ts builds it): the events emitted in
 * one turn of the event loop reach the client whole and in order, written to the connection in
 * one system call (counted at the connection's own write functions).
 */
let http: HttpServer | undefined;
let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  http = undefined;
});

async function serverAndClient(wsEngine?: typeof CoalescingWebSocketServer) {
  http = createServer();
  server = new Server(http, wsEngine ? { wsEngine } : {});
  await new Promise<void>((resolve) => http?.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const connection = new Promise<NetSocket>((resolve) =>
    server?.on("connection", (socket) => {
      // The upgraded TCP connection under the engine's websocket (ws hands it to setSocket).
      const transport = socket.conn.transport as unknown as { socket: { _socket: NetSocket } };
      resolve(transport.socket._socket);
    }),
  );
  const client = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"], forceNew: true });
  return { client, serverSide: await connection };
}

/** How many times the connection handed bytes to the system while `burst` ran and the turn ended. */
async function writesDuring(tcp: NetSocket, burst: () => void): Promise<number> {
  let writes = 0;
  const stream = tcp as unknown as Record<"_write" | "_writev", (...args: unknown[]) => void>;
  for (const name of ["_write", "_writev"] as const) {
    const original = stream[name];
    stream[name] = function counted(this: unknown, ...args: unknown[]) {
      writes += 1;
      return original.apply(this, args);
    };
  }
  burst();
  await new Promise((resolve) => setImmediate(resolve));
  return writes;
}

describe("CoalescingWebSocketServer", () => {
  it("writes a turn's fifty events to a socket.io client in one go, all received in order", async () => {
    const { client, serverSide } = await serverAndClient(CoalescingWebSocketServer);
    const heard: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on("tick", (n: number) => {
        heard.push(n);
        if (heard.length === 50) resolve();
      }),
    );
    const writes = await writesDuring(serverSide, () => {
      for (let n = 1; n <= 50; n++) server?.emit("tick", n);
    });
    await all;
    expect(heard).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first event leaves at once and the engine holds the rest until that write is done: two writes.
    expect(writes).toBeLessThanOrEqual(2);
    client.disconnect();
  });

  it("is what makes the difference: plain ws writes each event on its own", async () => {
    const { client, serverSide } = await serverAndClient();
    const writes = await writesDuring(serverSide, () => {
      for (let n = 1; n <= 50; n++) server?.emit("tick", n);
    });
    expect(writes).toBeGreaterThanOrEqual(50);
    client.disconnect();
  });

  it("builds its sockets as CoalescingWebSocket", () => {
    const built = new CoalescingWebSocketServer({ noServer: true });
    expect((built.options as { WebSocket?: unknown }).WebSocket).toBe(CoalescingWebSocket);
    built.close();
  });
});
