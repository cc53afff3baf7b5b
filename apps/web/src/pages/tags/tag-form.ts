import { randomTagColor, TAG_MESSAGES, type TagDto, tagFormSchema } from "@inbox/shared";
import { isApiError } from "../../api/api-error";
import type { TagBody } from "../../api/tags";
import { errorMessage } from "../../app/toast/toast-error";
import i18n from "../../i18n";
import type tagsPt from "../../i18n/locales/tags/pt";

/** What the tag dialog edits: the fields as typed (timeLane as text, lanes as "" for none). */
export interface TagDraft {
  name: string;
  color: string;
  kanban: boolean;
  timeLane: string;
  nextLaneId: number | "";
  rollbackLaneId: number | "";
  greetingMessageLane: string;
}

/** Messages by field ("name", "timeLane", "nextLaneId"...). */
export type TagFieldErrors = Partial<Record<keyof TagDraft, string>>;

/** A new tag gets a random colour (spec 2 section 5); `kanban` is on when opened from /TagsKanban. */
export function toDraft(tag: TagDto | undefined, kanban: boolean): TagDraft {
  if (!tag)
    return {
      name: "",
      color: randomTagColor(),
      kanban,
      timeLane: "0",
      nextLaneId: "",
      rollbackLaneId: "",
      greetingMessageLane: "",
    };
  return {
    name: tag.name,
    color: tag.color,
    kanban: tag.kanban === 1,
    timeLane: String(tag.timeLane),
    nextLaneId: tag.nextLaneId ?? "",
    rollbackLaneId: tag.rollbackLaneId ?? "",
    greetingMessageLane: tag.greetingMessageLane ?? "",
  };
}

/** The request body. A plain tag is no lane: its lane fields are cleared, not kept hidden. */
export function toBody(draft: TagDraft): TagBody {
  if (!draft.kanban)
    return {
      name: draft.name.trim(),
      color: draft.color.trim(),
      kanban: 0,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: null,
    };
  const hours = draft.timeLane.trim();
  return {
    name: draft.name.trim(),
    color: draft.color.trim(),
    kanban: 1,
    // Text that is no number becomes NaN, which the form schema refuses as not whole hours.
    timeLane: hours === "" ? 0 : Number(hours),
    nextLaneId: draft.nextLaneId === "" ? null : draft.nextLaneId,
    rollbackLaneId: draft.rollbackLaneId === "" ? null : draft.rollbackLaneId,
    greetingMessageLane: draft.greetingMessageLane.trim() === "" ? null : draft.greetingMessageLane,
  };
}

type ErrorKey = keyof typeof tagsPt.errors;

/** The shared schema's messages (spec 2's for the name), as keys of tags.errors. */
const MESSAGE_KEYS: Record<string, ErrorKey> = {
  [TAG_MESSAGES.required]: "required",
  [TAG_MESSAGES.tooShort]: "tooShort",
  // POST /tags checks the name with the contact tag box's schema and its own texts.
  Required: "required",
  "Tag muito curta!": "tooShort",
  "Invalid color": "color",
  "Whole hours": "timeLane",
};

function messageKey(field: string, message: string): ErrorKey | undefined {
  const known = MESSAGE_KEYS[message];
  if (known) return known;
  if (message === "Too Long!" || message.startsWith("Too big"))
    return field === "name" ? "tooLong" : "messageTooLong";
  if (field === "timeLane") return "timeLane";
  if (field === "color") return "color";
  return undefined;
}

/** The text shown under a field for a schema or server message. */
export function messageText(field: string, message: string): string {
  const key = messageKey(field, message);
  return key ? i18n.t(`tags.errors.${key}`) : message;
}

/** The shared form schema's checks (spec 2 section 5: 'Obrigatório', 'Mensagem muito curta'). */
export function validate(body: TagBody): TagFieldErrors {
  const errors: TagFieldErrors = {};
  const parsed = tagFormSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof TagDraft;
      errors[field] ??= messageText(field, issue.message);
    }
  return errors;
}

const SHOWN: ReadonlySet<string> = new Set([
  "name",
  "color",
  "timeLane",
  "nextLaneId",
  "rollbackLaneId",
  "greetingMessageLane",
]);

/**
 * A refusal about a field the dialog shows, as that field's error: a taken name, a lane that is no
 * longer another kanban tag, a schema issue. Undefined for anything else (toasted instead).
 */
export function serverErrors(error: unknown): TagFieldErrors | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === "ERR_TAG_NAME_ALREADY_EXISTS") return { name: errorMessage(error) };
  if (error.code === "ERR_TAG_INVALID_LANE" && error.field && SHOWN.has(error.field))
    return { [error.field]: errorMessage(error) };
  if (error.code !== "ERR_VALIDATION") return undefined;
  const issues = error.issues?.length
    ? error.issues
    : error.field
      ? [{ field: error.field, message: error.message }]
      : [];
  if (issues.length === 0 || !issues.every((issue) => SHOWN.has(issue.field))) return undefined;
  return Object.fromEntries(issues.map((issue) => [issue.field, messageText(issue.field, issue.message)]));
}
