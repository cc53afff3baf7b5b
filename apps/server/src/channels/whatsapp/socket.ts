import type { ConnectionStatus } from "@inbox/shared";
import {
  type BaileysEventEmitter,
  makeWASocket,
  type UserFacingSocketConfig,
  type WAMessage,
  type WASocket,
} from "baileys";
import type { InboundEvent } from "../types.js";

/** Baileys' logger interface (pino-compatible); the package does not export it by name. */
export type ILogger = NonNullable<UserFacingSocketConfig["logger"]>;

/** Which connection a session belongs to (a `whatsapps` row). */
export interface WhatsappConnectionRef {
  id: number;
  companyId: number;
}

export interface SessionStatusUpdate {
  status: ConnectionStatus;
  /** The QR string while the status is "qrcode"; "" otherwise, which closes the QR modal. */
  qrcode: string;
  /** Digits of the paired phone, when CONNECTED. */
  number?: string;
  /** QR codes shown since the session started or last opened (`whatsapps.retries`). */
  retries: number;
}

/**
 * What a session tells the server. Calls for one connection come in order and
 * are awaited one after another; a hook that throws is logged, never fatal.
 */
export interface SessionHooks {
  /** Persist to `whatsapps.status/qrcode/number/retries` and emit `company-{id}-whatsappSession`. */
  onStatus(connection: WhatsappConnectionRef, update: SessionStatusUpdate): Promise<void> | void;
  /** The InboundSink: `(connection, events) => sink.deliver(connection, events)`. */
  onEvents(connection: WhatsappConnectionRef, events: InboundEvent[]): Promise<void>;
  /** History the phone sent after pairing (`messaging-history.set`), in order with the other events. */
  onHistory?(connection: WhatsappConnectionRef, batch: HistoryBatch): Promise<void>;
  /** Asked before each start: should the phone send its whole history (a message import is waiting)? */
  wantsHistory?(connection: WhatsappConnectionRef): Promise<boolean>;
}

/** A chunk of the phone's history sync, as the session hands it on. */
export interface HistoryBatch {
  messages: WAMessage[];
  /**
   * No more chunks will come: the phone said its recent sync reached 100 %, or Baileys stopped
   * waiting for more (`messaging-history.status` paused). May come with no messages.
   */
  last: boolean;
  /** Our events for the messages kept (media downloaded through this session's socket). */
  translate(messages: WAMessage[]): Promise<InboundEvent[]>;
}

/**
 * The part of Baileys' socket we use. The real `makeWASocket` result fits it;
 * tests pass an EventEmitter-based fake.
 */
export interface WhatsappSocket {
  ev: Pick<BaileysEventEmitter, "on" | "off">;
  user?: WASocket["user"];
  sendMessage: WASocket["sendMessage"];
  readMessages: WASocket["readMessages"];
  logout: WASocket["logout"];
  end: WASocket["end"];
  updateMediaMessage: WASocket["updateMediaMessage"];
  rejectCall: WASocket["rejectCall"];
  /** Which phone numbers have WhatsApp (contact list imports set isWhatsappValid from it). */
  onWhatsApp: WASocket["onWhatsApp"];
}

export type SocketFactory = (config: UserFacingSocketConfig) => WhatsappSocket;

export const baileysSocketFactory: SocketFactory = (config) => makeWASocket(config);

/** Baileys logs a lot at info; by default we keep it quiet and let the server pass its own logger. */
export const silentLogger: ILogger = {
  level: "silent",
  child: () => silentLogger,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** Boom errors carry the WhatsApp close/HTTP code in `output.statusCode`. */
export function statusCodeOf(error: unknown): number | undefined {
  if (!error || typeof error !== "object" || !("output" in error)) return undefined;
  const output = error.output;
  if (!output || typeof output !== "object" || !("statusCode" in output)) return undefined;
  return typeof output.statusCode === "number" ? output.statusCode : undefined;
}

/** A Map that forgets its oldest entries: recent messages for quotes, reactions and read receipts. */
export class RecentMap<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
