import { EventEmitter } from "node:events";
import {
  type AnyMessageContent,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  proto,
  type UserFacingSocketConfig,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  WAMessageStatus,
} from "baileys";
import type { SocketFactory, WhatsappSocket } from "./socket.js";

/**
 * Test doubles for the WhatsApp folder (not a test file itself). Payloads are
 * built from Baileys' own types and protobuf classes, so a shape change in
 * Baileys breaks the tests instead of hiding behind a hand-written mock.
 */

/** Stands in for `makeWASocket`'s result: same event names and payloads, calls recorded. */
export class FakeSocket implements WhatsappSocket {
  readonly ev = new EventEmitter();
  user?: Contact;
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly reuploads: WAMessage[] = [];
  /** Calls declined through rejectCall, in order. */
  readonly rejectedCalls: { callId: string; from: string }[] = [];
  logoutCalls = 0;
  endCalls = 0;
  /** Makes the next sendMessage reject with this error. */
  failNextSend?: Error;
  /** What updateMediaMessage answers (Baileys asks the phone to re-upload expired media). */
  reuploadAnswer?: (message: WAMessage) => WAMessage;

  /** Numbers (digits) onWhatsApp answers as having no account; every other number has one. */
  readonly notOnWhatsapp = new Set<string>();
  /** The numbers each onWhatsApp call asked about. */
  readonly onWhatsAppCalls: string[][] = [];

  constructor(readonly config: UserFacingSocketConfig) {}

  onWhatsApp = async (...numbers: string[]) => {
    this.onWhatsAppCalls.push(numbers);
    return numbers.map((number) => {
      const digits = number.replace(/\D/g, "");
      return { jid: `${digits}@s.whatsapp.net`, exists: !this.notOnWhatsapp.has(digits) };
    });
  };

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.ev.emit(event, arg);
  }

  listenerCount(): number {
    return this.ev.eventNames().reduce((sum, name) => sum + this.ev.listenerCount(name), 0);
  }

  sendMessage = async (jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) => {
    if (this.failNextSend) {
      const error = this.failNextSend;
      this.failNextSend = undefined;
      throw error;
    }
    this.sent.push({ jid, content, options });
    const sent: WAMessage = {
      // Baileys uses the id the sender names (options.messageId), else makes one.
      key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? `SENT${this.sent.length}` },
      message: proto.Message.fromObject({ conversation: "text" in content ? content.text : "" }),
      status: WAMessageStatus.PENDING,
    };
    return sent;
  };

  readMessages = async (keys: WAMessageKey[]) => {
    this.reads.push(keys);
  };

  logout = async () => {
    this.logoutCalls += 1;
  };

  end = async () => {
    this.endCalls += 1;
  };

  updateMediaMessage = async (message: WAMessage) => {
    this.reuploads.push(message);
    return this.reuploadAnswer ? this.reuploadAnswer(message) : message;
  };

  rejectCall = async (callId: string, from: string) => {
    this.rejectedCalls.push({ callId, from });
  };

  // Helpers that emit what Baileys emits.

  /** A call offered to us, as Baileys emits it (`call` with status offer). */
  offerCall(fields: Partial<WACallEvent> & { id: string; from: string }): void {
    this.emit("call", [
      { chatId: fields.from, date: new Date(TIMESTAMP * 1000), offline: false, status: "offer", ...fields },
    ]);
  }

  /**
   * A chunk of the phone's history sync (`messaging-history.set`). `last`: the recent sync's final
   * chunk (progress 100), as the phone marks it.
   */
  history(messages: WAMessage[], options: { last?: boolean } = {}): void {
    this.emit("messaging-history.set", {
      chats: [],
      contacts: [],
      messages,
      syncType: proto.HistorySync.HistorySyncType.RECENT,
      progress: options.last ? 100 : 50,
    });
  }

  /** Baileys gave up waiting for more history chunks (`messaging-history.status` paused). */
  historyPaused(): void {
    this.emit("messaging-history.status", {
      syncType: proto.HistorySync.HistorySyncType.RECENT,
      status: "paused",
      explicit: false,
    });
  }

  qr(code: string): void {
    this.emit("connection.update", { qr: code });
  }

  open(userJid = "5511988887777:3@s.whatsapp.net", lid = "99887766@lid"): void {
    this.user = { id: userJid, lid };
    this.emit("connection.update", { connection: "open" });
  }

  close(statusCode: number): void {
    // Baileys closes with a Boom; `output.statusCode` is all anyone reads from it.
    const error = Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }
}

export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (config) => {
    const socket = new FakeSocket(config);
    sockets.push(socket);
    return socket;
  };
  const last = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket was created");
    return socket;
  };
  return { factory, sockets, last };
}

export const TIMESTAMP = 1_700_000_000;

/** A WAMessage as Baileys decodes it: a plain key (with the Alt fields) and a protobuf Message. */
export function waMessage(
  key: WAMessageKey,
  content: proto.IMessage,
  fields: Partial<WAMessage> = {},
): WAMessage {
  return { key, message: proto.Message.fromObject(content), messageTimestamp: TIMESTAMP, ...fields };
}

export const userKey = (id: string, fields: Partial<WAMessageKey> = {}): WAMessageKey => ({
  remoteJid: "5511912345678@s.whatsapp.net",
  fromMe: false,
  id,
  ...fields,
});
