import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";

/** socket.io-client's options, laid over a test socket's defaults; `auth`'s fields join the token. */
export type TestSocketOptions = Partial<Omit<ManagerOptions & SocketOptions, "auth">> & {
  auth?: Record<string, unknown>;
};

/** An event a socket heard: its name and its (first) payload. */
export interface HeardEvent<T = unknown> {
  name: string;
  payload: T;
}

/**
 * The browser tabs of a test file, on one server. Each socket has its own connection (forceNew) over
 * websocket only and does not reconnect unless asked: a test sees exactly the handshake it made, and
 * a socket the server closes stays closed. Listeners go on before the handshake, so nothing the
 * server sends once the socket is in its rooms is missed. The file closes them all in afterEach or
 * afterAll, including sockets whose handshake was refused.
 */
export class TestSockets {
  private readonly opened: Socket[] = [];

  /** `url` may be a function: files learn their server's port in beforeAll. */
  constructor(private readonly url: string | (() => string)) {}

  /** A connected socket signed in with `token`; rejects with the handshake's refusal (connect_error). */
  async open(token: string | undefined, options: TestSocketOptions = {}): Promise<Socket> {
    const socket = this.start(token, options);
    await connected(socket);
    return socket;
  }

  /** A connected socket and, in order, the payloads of `event` it hears. */
  async hearing<T = unknown>(
    token: string | undefined,
    event: string,
    options: TestSocketOptions = {},
  ): Promise<{ socket: Socket; heard: T[] }> {
    const socket = this.start(token, options);
    const heard: T[] = [];
    socket.on(event, (payload: T) => heard.push(payload));
    await connected(socket);
    return { socket, heard };
  }

  /** A connected socket and, in order, every event it hears (socket.onAny). */
  async hearingAll<T = unknown>(
    token: string | undefined,
    options: TestSocketOptions = {},
  ): Promise<{ socket: Socket; events: HeardEvent<T>[] }> {
    const socket = this.start(token, options);
    const events: HeardEvent<T>[] = [];
    socket.onAny((name: string, payload: T) => events.push({ name, payload }));
    await connected(socket);
    return { socket, events };
  }

  /**
   * For a test of the handshake itself: "connected", or the refusal's message (ERR_SESSION_EXPIRED,
   * ERR_SUBSCRIPTION_EXPIRED...) instead of a rejection. A `token` left undefined sends none.
   */
  async handshake(
    token: string | undefined,
    options: TestSocketOptions = {},
  ): Promise<{ socket: Socket; outcome: string }> {
    const socket = this.start(token, options);
    const outcome = await new Promise<string>((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (err) => resolve(err.message));
    });
    return { socket, outcome };
  }

  /** Disconnects every socket opened so far; later ones are tracked afresh (for afterEach). */
  closeAll(): void {
    for (const socket of this.opened.splice(0)) socket.disconnect();
  }

  private start(token: string | undefined, options: TestSocketOptions): Socket {
    const { auth, ...rest } = options;
    const socket = io(typeof this.url === "string" ? this.url : this.url(), {
      auth: { ...(token === undefined ? {} : { token }), ...auth },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      ...rest,
    });
    this.opened.push(socket);
    return socket;
  }
}

function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}
