import type { GraphClient } from "../meta/graph-client.js";
import {
  type ChannelAdapter,
  type ConnectionCredentials,
  type MediaRef,
  type OutboundMessage,
  ProviderError,
  type SendResult,
} from "../types.js";

interface SendAnswer {
  messages?: { id?: string }[];
  success?: boolean;
}

/** WhatsApp Cloud API (channel `whatsappapi`) over the Graph API. */
export class CloudApiAdapter implements ChannelAdapter {
  readonly channel = "whatsappapi" as const;

  constructor(private readonly graph: GraphClient) {}

  async send(connection: ConnectionCredentials, message: OutboundMessage): Promise<SendResult> {
    const { phoneNumberId, token } = this.account(connection);
    if (message.kind === "read") {
      if (!message.readProviderMessageId) throw new ProviderError("read receipt without a message id", 100);
      await this.graph.post<SendAnswer>(`${phoneNumberId}/messages`, token, {
        messaging_product: "whatsapp",
        status: "read",
        message_id: message.readProviderMessageId,
      });
      return { providerMessageId: message.readProviderMessageId };
    }
    const body = {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: message.to,
      ...(await this.content(connection, message)),
    };
    if (message.quotedProviderMessageId)
      Object.assign(body, { context: { message_id: message.quotedProviderMessageId } });
    const answer = await this.graph.post<SendAnswer>(`${phoneNumberId}/messages`, token, body);
    const id = answer.messages?.[0]?.id;
    if (!id)
      throw new ProviderError("the Cloud API answered without a message id", undefined, { retryable: false });
    return { providerMessageId: id };
  }

  async downloadMedia(connection: ConnectionCredentials, media: MediaRef) {
    const { token } = this.account(connection);
    if (!media.providerMediaId) throw new ProviderError("media without an id", 100);
    const info = await this.graph.get<{ url?: string; mime_type?: string }>(media.providerMediaId, token);
    if (!info.url) throw new ProviderError("media lookup answered without a URL", 100);
    const file = await this.graph.download(info.url, token, connection.companyId);
    return {
      bytes: file.bytes,
      mimeType: info.mime_type ?? media.mimeType ?? file.mimeType,
      filename: media.filename,
    };
  }

  private async content(
    connection: ConnectionCredentials,
    message: OutboundMessage,
  ): Promise<Record<string, unknown>> {
    switch (message.kind) {
      case "text":
        return { type: "text", text: { body: message.body ?? "", preview_url: false } };
      case "template": {
        if (!message.template) throw new ProviderError("template without a name", 100);
        const { name, language, parameters } = message.template;
        const components =
          parameters.length > 0
            ? [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }]
            : [];
        return { type: "template", template: { name, language: { code: language }, components } };
      }
      case "reaction":
        if (!message.reaction) throw new ProviderError("reaction without a target", 100);
        return {
          type: "reaction",
          reaction: { message_id: message.reaction.targetProviderMessageId, emoji: message.reaction.emoji },
        };
      case "contact": {
        if (!message.vcard) throw new ProviderError("contact card without a contact", 100);
        const { name, number } = message.vcard;
        return {
          type: "contacts",
          contacts: [
            {
              name: { formatted_name: name, first_name: name },
              phones: [{ phone: `+${number}`, wa_id: number, type: "CELL" }],
            },
          ],
        };
      }
      case "image":
      case "video":
      case "audio":
      case "document": {
        if (!message.media) throw new ProviderError(`${message.kind} without media`, 100);
        const id = await this.upload(connection, message.media);
        const caption = message.kind === "audio" ? {} : message.body ? { caption: message.body } : {};
        const filename = message.kind === "document" ? { filename: message.media.filename ?? "file" } : {};
        return { type: message.kind, [message.kind]: { id, ...caption, ...filename } };
      }
      default:
        throw new ProviderError(`the Cloud API cannot send ${message.kind}`, 100);
    }
  }

  /** Media goes up first (`POST /{phone_number_id}/media`): our files are not on a public URL. */
  private async upload(
    connection: ConnectionCredentials,
    media: NonNullable<OutboundMessage["media"]>,
  ): Promise<string> {
    const { phoneNumberId, token } = this.account(connection);
    if (!media.bytes) throw new ProviderError("media bytes were not loaded", 100);
    // Meta lists bare types (`audio/ogg`, Opus only); parameters such as `codecs=opus` are ours.
    const type = media.mimeType.split(";")[0]?.trim() || "application/octet-stream";
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", type);
    form.set("file", new Blob([new Uint8Array(media.bytes)], { type }), media.filename ?? "file");
    const response = await fetch(this.graph.url(`${phoneNumberId}/media`), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as {
      id?: string;
      error?: { message?: string; code?: number };
    };
    if (!response.ok || !body.id) {
      throw new ProviderError(
        body.error?.message ?? `media upload answered ${response.status}`,
        body.error?.code ?? response.status,
        {
          retryable: response.status >= 500,
        },
      );
    }
    return body.id;
  }

  private account(connection: ConnectionCredentials): { phoneNumberId: string; token: string } {
    if (!connection.phoneNumberId || !connection.accessToken) {
      throw new ProviderError("the connection has no phone number id or access token", 190);
    }
    return { phoneNumberId: connection.phoneNumberId, token: connection.accessToken };
  }
}
