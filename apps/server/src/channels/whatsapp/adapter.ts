import { type ChannelAdapter, type InboundSink, ProviderError } from "../types.js";
import type { WhatsappSessionManager } from "./session-manager.js";
import type { SessionHooks } from "./socket.js";

/**
 * The ChannelAdapter of channel "whatsapp" (WhatsApp Web through Baileys).
 * Sending goes through the connection's live session; inbound media already
 * carries its bytes (Baileys downloads them while translating the message).
 */
export function createWhatsappAdapter(manager: WhatsappSessionManager): ChannelAdapter {
  return {
    channel: "whatsapp",
    changes: new Set(["edit", "delete"]),
    send: (connection, message) => manager.send(connection, message),
    rejectCall: (connection, call) => manager.rejectCall(connection, call.id, call.from),
    async downloadMedia(_connection, media) {
      if (media.bytes) {
        return {
          bytes: media.bytes,
          mimeType: media.mimeType ?? "application/octet-stream",
          filename: media.filename,
        };
      }
      // The media expired or failed while the message arrived; WhatsApp offers no later fetch by id.
      throw new ProviderError("WhatsApp media has no bytes to fetch", undefined, { retryable: false });
    },
  };
}

/**
 * SessionHooks over the ingest sink: status changes travel as "session"
 * events, which ingest persists (status, qrcode) and announces as
 * `company-{id}-whatsappSession`. The paired number and the QR count are not
 * part of that event yet, so they are dropped here.
 */
export function sessionHooksFromSink(sink: Pick<InboundSink, "deliver">): SessionHooks {
  return {
    onStatus: (connection, update) =>
      sink.deliver(connection, [
        {
          kind: "session",
          status: update.status,
          qrcode: update.qrcode,
          number: update.number,
          retries: update.retries,
        },
      ]),
    onEvents: (connection, events) => sink.deliver(connection, events),
  };
}
