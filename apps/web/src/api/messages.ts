import type { ForwardResult, MessageDto, MessageList, QuickMessageDto } from "@inbox/shared";
import { useQuery } from "@tanstack/react-query";
import { api, apiRequest } from "./client";

/** What the message input sends as JSON (spec 1 section 7, POST /messages/{ticketId}). */
export interface SendTextBody {
  body: string;
  isPrivate: boolean;
  /** The quoted message (reply). */
  quotedMsg?: { id: number } | null;
  /** A file already in the company's storage (a quick message's). */
  mediaUrl?: string;
  /** The sign toggle: the server signs the text with the user's name when the company allows it. */
  signMessage?: boolean;
}

/** A contact card (vCard): the picked contact's name and number, all the server keeps of it. */
export interface ContactCard {
  name: string;
  number: string;
}

/** One attachment and its caption. */
export interface MediaToSend {
  file: File;
  caption: string;
}

/** The message calls of the conversation view (spec 1 section 7, Messages). */
export const messagesApi = {
  sendText: (ticketId: number, body: SendTextBody) =>
    api.post<MessageDto>(`/messages/${ticketId}`, { read: true, fromMe: true, ...body }),
  /** Multipart: a `medias` and a `body` (its caption) per file, in order; answers the first message (the rest arrive as events). */
  sendMedia: (ticketId: number, medias: MediaToSend[], isPrivate: boolean, signMessage = false) => {
    const form = new FormData();
    form.append("fromMe", "true");
    form.append("isPrivate", String(isPrivate));
    form.append("signMessage", String(signMessage));
    for (const media of medias) {
      form.append("body", media.caption);
      form.append("medias", media.file, media.file.name);
    }
    return apiRequest<MessageDto>(`/messages/${ticketId}`, { method: "POST", body: form });
  },
  /** POST /messages/{ticketId} {vCard}: the server stores a contactMessage whose body is the card's name. */
  sendContact: (ticketId: number, card: ContactCard, isPrivate: boolean) =>
    api.post<MessageDto>(`/messages/${ticketId}`, {
      read: true,
      fromMe: true,
      body: "",
      isPrivate,
      quotedMsg: null,
      vCard: { name: card.name, number: card.number },
    }),
  /** One page of the conversation (1 = newest, oldest first within it). */
  page: (ticketId: number, pageNumber: number, signal?: AbortSignal) =>
    api.get<MessageList>(`/messages/${ticketId}`, { pageNumber }, signal),
  /** GET /messages/transcribeAudio/{file}: a received audio's stored file name; answers transcribedText. */
  transcribe: (file: string, signal?: AbortSignal) =>
    api.get<unknown>(`/messages/transcribeAudio/${encodeURIComponent(file)}`, undefined, signal),
  edit: (id: number, body: string) => api.post<MessageDto>(`/messages/edit/${id}`, { body }),
  remove: (id: number) => api.delete<MessageDto>(`/messages/${id}`),
  react: (id: number, type: string) => api.post<MessageDto>(`/messages/${id}/reactions`, { type }),
  /** POST /messages/{id}/retry-media: the server downloads again a received media that failed (mediaError). */
  retryMedia: (id: number) => api.post<MessageDto>(`/messages/${id}/retry-media`, {}),
  forward: (messageIds: number[], contactIds: number[], signMessage: boolean) =>
    api.post<ForwardResult>("/message/forward", {
      messageId: messageIds,
      contactId: contactIds,
      signMessage,
    }),
  quickMessages: (signal?: AbortSignal) =>
    api.get<QuickMessageDto[]>("/quick-messages/list", undefined, signal),
};

/** The '/' list of the message input: the company's and the user's quick messages. */
export function useQuickMessages() {
  return useQuery({
    queryKey: ["quickMessages"],
    queryFn: ({ signal }) => messagesApi.quickMessages(signal),
    staleTime: 60_000,
  });
}
