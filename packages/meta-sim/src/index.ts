export type {
  CloudContext,
  CloudEventSpec,
  CloudLayout,
  CloudMessageSpec,
  CloudStatusSpec,
} from "./cloud-api.js";
export type { AnyEventSpec } from "./core.js";
export { type ErrorPresetName, errors, statusErrorFrom } from "./errors.js";
export { digits, mid, numericId, unixSeconds, wamid } from "./ids.js";
export type { InstagramAttachmentType, InstagramEventSpec, InstagramReplyTo } from "./instagram.js";
export type { MessengerAttachmentType, MessengerEventSpec, PageCommon } from "./messenger.js";
export { MetaSim, type StartMetaSimOptions, startMetaSim } from "./sim.js";
export type { SimTemplate, TemplateComponent, TemplateInput, TemplateStatus } from "./templates.js";
export type * from "./types.js";
export { signatureFor, tamperedSignature, type VerifyResult } from "./webhooks.js";
