import { MESSAGES_API_PATH, type MessagesApiAnswer } from "@inbox/shared";
import { requestWithToken } from "./client";

export interface MessagesApiText {
  number: string;
  body: string;
}

export interface MessagesApiMedia {
  number: string;
  /** The caption; the file's name when left blank (spec 3 section 5). */
  body: string;
  file: File;
}

/** The full URL an external system calls: this app's origin plus the API path. */
export function messagesApiUrl(origin: string = window.location.origin): string {
  return `${origin}${MESSAGES_API_PATH}`;
}

/**
 * The messages API as an external system calls it, authenticated by a connection's token instead
 * of the signed-in session (the page's test forms).
 */
export const messagesApiClient = {
  sendText: (token: string, payload: MessagesApiText) =>
    requestWithToken<MessagesApiAnswer>(MESSAGES_API_PATH, token, {
      method: "POST",
      body: { number: payload.number, body: payload.body },
    }),
  sendMedia: (token: string, payload: MessagesApiMedia) => {
    const form = new FormData();
    form.append("number", payload.number);
    form.append("body", payload.body.trim() === "" ? payload.file.name : payload.body);
    form.append("medias", payload.file);
    return requestWithToken<MessagesApiAnswer>(MESSAGES_API_PATH, token, { method: "POST", body: form });
  },
};
