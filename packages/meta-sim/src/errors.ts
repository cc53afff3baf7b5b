import { fbtraceId } from "./ids.js";
import type { SimGraphError } from "./types.js";

const REENGAGEMENT_DETAILS =
  "Message failed to send because more than 24 hours have passed since the customer last replied to this number.";

/** Ready-made Graph errors for failure injection (`failNextSend`, `failSendsTo`, `autoStatuses`). */
export const errors = {
  /** WhatsApp: outside the 24-hour customer service window. */
  reEngagement: {
    httpStatus: 400,
    error: {
      message: "(#131047) Re-engagement message",
      type: "OAuthException",
      code: 131047,
      error_data: { messaging_product: "whatsapp", details: REENGAGEMENT_DETAILS },
    },
  },
  /** Messenger / Instagram: outside the allowed window. */
  messengerWindow: {
    httpStatus: 400,
    error: {
      message:
        "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
      type: "OAuthException",
      code: 10,
      error_subcode: 2018278,
    },
  },
  generic: {
    httpStatus: 500,
    error: {
      message: "Something went wrong",
      type: "OAuthException",
      code: 131000,
      error_data: { messaging_product: "whatsapp", details: "Something went wrong" },
    },
  },
  rateLimit: {
    httpStatus: 400,
    error: {
      message: "(#130429) Rate limit hit",
      type: "OAuthException",
      code: 130429,
      error_data: {
        messaging_product: "whatsapp",
        details: "Cloud API message throughput has been reached.",
      },
    },
  },
  invalidToken: {
    httpStatus: 401,
    error: {
      message: "Invalid OAuth access token - Cannot parse access token",
      type: "OAuthException",
      code: 190,
    },
  },
} satisfies Record<string, SimGraphError>;

export type ErrorPresetName = keyof typeof errors;

/** Graph error 100 (invalid parameter), HTTP 400. */
export function invalidParameter(details: string): SimGraphError {
  return {
    httpStatus: 400,
    error: {
      message: "(#100) Invalid parameter",
      type: "OAuthException",
      code: 100,
      error_data: { messaging_product: "whatsapp", details },
    },
  };
}

/**
 * Cloud API `POST /{phone_number_id}/media` of a file WhatsApp does not take
 * (audio/webm, Ogg that is not Opus, a type outside the supported list), HTTP 400.
 */
export function mediaUploadError(details = "Unsupported file type"): SimGraphError {
  return {
    httpStatus: 400,
    error: {
      message: "(#131053) Media upload error",
      type: "OAuthException",
      code: 131053,
      error_data: { messaging_product: "whatsapp", details },
    },
  };
}

/** Messenger / Instagram: an attachment URL Meta could not take (a format the channel refuses), HTTP 400. */
export function uploadAttachmentFailure(): SimGraphError {
  return {
    httpStatus: 400,
    error: {
      message: "(#100) Upload attachment failure.",
      type: "OAuthException",
      code: 100,
      error_subcode: 2018047,
    },
  };
}

/** What Graph answers for an id that does not exist or the token cannot see. */
export function unknownObject(id: string, method: "get" | "post"): SimGraphError {
  return {
    httpStatus: 400,
    error: {
      message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: "GraphMethodException",
      code: 100,
      error_subcode: 33,
    },
  };
}

/** The wire body of an error: a fresh fbtrace_id each time, as Graph does. */
export function errorBody(error: SimGraphError): { error: SimGraphError["error"] } {
  return { error: { ...error.error, fbtrace_id: error.error.fbtrace_id ?? fbtraceId() } };
}

/** Cloud API `statuses[].errors[]` item for an asynchronous failure. */
export function statusErrorFrom(error: SimGraphError): {
  code: number;
  title: string;
  message: string;
  error_data?: { details: string };
} {
  const title = error.error.message.replace(/^\(#\d+\)\s*/, "");
  return {
    code: error.error.code,
    title,
    message: title,
    ...(error.error.error_data ? { error_data: { details: error.error.error_data.details } } : {}),
  };
}

/** Accepts a preset name or an error object (the control endpoints take either). */
export function resolveError(input: unknown): SimGraphError | undefined {
  if (typeof input === "string") return input in errors ? errors[input as ErrorPresetName] : undefined;
  if (input && typeof input === "object" && "error" in input) {
    const candidate = input as Partial<SimGraphError>;
    if (candidate.error && typeof candidate.error.code === "number") {
      return { httpStatus: candidate.httpStatus ?? 400, error: candidate.error };
    }
  }
  return undefined;
}
