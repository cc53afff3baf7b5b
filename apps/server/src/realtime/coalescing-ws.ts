import type { Duplex } from "node:stream";
import { type ServerOptions, WebSocket, WebSocketServer } from "ws";

/**
 * A socket.io client's frames written in one turn of the event loop leave in one write. ws writes
 * each frame on its own (socket.io sends a batch's events one after another: at 2,000 messages a
 * second, 2,000 writes to an attendant's socket, each waking the reader). Here the connection's
 * first write in a turn corks it, and the end of the turn (process.nextTick) uncorks it: the same
 * frames, in the same order, delayed by no I/O, in one writev.
 */
export class CoalescingWebSocket extends WebSocket {
  /** ws hands the upgraded connection over here (ws/lib/websocket.js), for every frame path. */
  override setSocket(socket: Duplex, head: Buffer, options: object): void {
    super.setSocket(socket, head, options);
    coalesceWrites(socket);
  }
}

declare module "ws" {
  interface WebSocket {
    /** Internal to ws (not in its types): binds the upgraded connection. */
    setSocket(socket: Duplex, head: Buffer, options: object): void;
  }
}

/** The ws server socket.io's engine builds (its `wsEngine` option), with CoalescingWebSocket. */
export class CoalescingWebSocketServer extends WebSocketServer {
  constructor(options: ServerOptions, callback?: () => void) {
    super({ ...options, WebSocket: CoalescingWebSocket }, callback);
  }
}

/** Corks `socket` at its first write in a turn of the event loop, and uncorks it at the turn's end. */
export function coalesceWrites(socket: Duplex): void {
  const write = socket.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function coalescedWrite(this: Duplex, ...args: Parameters<Duplex["write"]>) {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args);
  } as Duplex["write"];
}
