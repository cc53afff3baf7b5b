import type { GraphClient } from "../meta/graph-client.js";
import {
  type ChannelAdapter,
  type ConnectionCredentials,
  type MediaRef,
  type OutboundMessage,
  ProviderError,
  type SendResult,
} from "../types.js";

const ATTACHMENT_TYPE: Partial<Record<OutboundMessage["kind"], string>> = {
  image: "image",
  video: "video",
  audio: "audio",
  document: "file",
};

/**
 * Messenger (`facebook`) and Instagram (`instagram`) share the Send API:
 * `POST /{PAGE_ID or IG_ID}/messages` with the page token (channels.md).
 * Attachments go by URL, so PUBLIC_URL must be reachable by Meta.
 */
export class MessengerAdapter implements ChannelAdapter {
  constructor(
    readonly channel: "facebook" | "instagram",
    private readonly graph: GraphClient,
    private readonly publicUrl: string,
  ) {}

  async send(connection: ConnectionCredentials, message: OutboundMessage): Promise<SendResult> {
    const { accountId, token } = this.account(connection);
    const recipient = { id: message.to };
    if (message.kind === "read") {
      await this.graph.post(`${accountId}/messages`, token, { recipient, sender_action: "mark_seen" });
      return { providerMessageId: message.readProviderMessageId ?? "" };
    }
    if (message.kind === "reaction") {
      if (!message.reaction) throw new ProviderError("reaction without a target", 100);
      await this.graph.post(`${accountId}/messages`, token, {
        recipient,
        sender_action: message.reaction.emoji ? "react" : "unreact",
        payload: {
          message_id: message.reaction.targetProviderMessageId,
          reaction: message.reaction.emoji || undefined,
        },
      });
      return { providerMessageId: message.reaction.targetProviderMessageId };
    }
    const answer = await this.graph.post<{ message_id?: string }>(`${accountId}/messages`, token, {
      recipient,
      messaging_type: "RESPONSE",
      message: this.content(message),
    });
    if (!answer.message_id) throw new ProviderError("the Send API answered without a message id", undefined);
    return { providerMessageId: answer.message_id };
  }

  async downloadMedia(connection: ConnectionCredentials, media: MediaRef) {
    if (!media.url) throw new ProviderError("attachment without a URL", 100);
    // Attachment URLs are signed CDN links: no token needed (and none should leak to a CDN).
    const file = await this.graph.download(media.url, null, connection.companyId);
    return { bytes: file.bytes, mimeType: media.mimeType ?? file.mimeType, filename: media.filename };
  }

  /**
   * `GET /{PSID}?fields=first_name,last_name,profile_pic` (Messenger) or
   * `GET /{IGSID}?fields=name,username,profile_pic` (Instagram), with the page token.
   */
  async profile(connection: ConnectionCredentials, userId: string) {
    const { token } = this.account(connection);
    const fields =
      this.channel === "instagram" ? "name,username,profile_pic" : "first_name,last_name,profile_pic";
    const answer = await this.graph.get<Record<string, unknown>>(
      `${encodeURIComponent(userId)}?fields=${fields}`,
      token,
    );
    const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
    const name =
      this.channel === "instagram"
        ? text(answer.name) || text(answer.username)
        : [text(answer.first_name), text(answer.last_name)].filter(Boolean).join(" ");
    const pictureUrl = text(answer.profile_pic);
    return { ...(name ? { name } : {}), ...(pictureUrl ? { pictureUrl } : {}) };
  }

  private content(message: OutboundMessage): Record<string, unknown> {
    if (message.kind === "text") return { text: message.body ?? "" };
    if (message.kind === "contact" && message.vcard)
      return { text: `${message.vcard.name}: +${message.vcard.number}` };
    const type = ATTACHMENT_TYPE[message.kind];
    if (!type || !message.media) throw new ProviderError(`${this.channel} cannot send ${message.kind}`, 100);
    const url = /^https?:\/\//.test(message.media.url)
      ? message.media.url
      : `${this.publicUrl}${message.media.url}`;
    return { attachment: { type, payload: { url, is_reusable: false } } };
  }

  private account(connection: ConnectionCredentials): { accountId: string; token: string } {
    const accountId =
      this.channel === "instagram" ? (connection.instagramId ?? connection.pageId) : connection.pageId;
    if (!accountId || !connection.accessToken)
      throw new ProviderError(`the connection has no ${this.channel} account id or token`, 190);
    return { accountId, token: connection.accessToken };
  }
}
