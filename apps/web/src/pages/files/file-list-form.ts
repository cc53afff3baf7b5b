import {
  FILE_LIST_MAX_OPTIONS,
  FILE_LIST_MESSAGES,
  type FileListDto,
  type FileListInput,
  fileListSchema,
} from "@inbox/shared";
import i18n from "../../i18n";

/** One option in the dialog; `key` identifies it in React lists, `id` an option the server has. */
export interface FileOptionDraft {
  key: string;
  id?: number;
  name: string;
  /** The stored file's name, or null for none (or once the user removed it). */
  storedName: string | null;
  /** Whether the stored file is to be removed on save. */
  removeStored: boolean;
  /** A file chosen now, uploaded after the save. */
  file: File | null;
}

export interface FileListDraft {
  name: string;
  message: string;
  options: FileOptionDraft[];
}

/** Messages by field path ("name", "options.1.name"). */
export type FileListErrors = Record<string, string>;

let nextKey = 0;

export function newFileOption(): FileOptionDraft {
  return { key: `file-option-${++nextKey}`, name: "", storedName: null, removeStored: false, file: null };
}

export function toDraft(list: FileListDto | null): FileListDraft {
  if (!list) return { name: "", message: "", options: [] };
  return {
    name: list.name,
    message: list.message,
    options: list.options.map((option) => ({
      ...newFileOption(),
      id: option.id,
      name: option.name,
      storedName: option.path ? (option.mediaName ?? option.path) : null,
    })),
  };
}

/** The body of POST/PUT /files: a kept option whose file was removed sends path null. */
export function toBody(draft: FileListDraft): FileListInput {
  return {
    name: draft.name.trim(),
    message: draft.message.trim(),
    options: draft.options.map((option) => ({
      ...(option.id === undefined ? {} : { id: option.id }),
      name: option.name.trim(),
      ...(option.id !== undefined && option.removeStored && !option.file ? { path: null } : {}),
    })),
  };
}

/** The shared schema's messages in the user's language. */
function messageText(message: string): string {
  if (message === FILE_LIST_MESSAGES.required) return i18n.t("files.validation.required");
  if (message === FILE_LIST_MESSAGES.nameTooShort) return i18n.t("files.validation.nameTooShort");
  if (message === "Too Long!") return i18n.t("files.validation.tooLong");
  if (message.startsWith("At most"))
    return i18n.t("files.validation.tooMany", { max: FILE_LIST_MAX_OPTIONS });
  return message;
}

/** The shared schema's checks (spec 3 section 5); the server checks them all again. */
export function validate(body: FileListInput): FileListErrors {
  const errors: FileListErrors = {};
  const parsed = fileListSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= messageText(issue.message);
  return errors;
}
