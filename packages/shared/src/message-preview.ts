/**
 * How a message reads in one line: the ticket list's last message, desktop
 * notifications and the bell ('📷 Foto', '🎤 Áudio 0:08', '📄 nota-fiscal.pdf').
 * The server stores this in `tickets.lastMessage` (with the Portuguese labels,
 * the spec's language); the web builds it with its own language's labels.
 */

/** The labels of a preview, one per kind of message. */
export interface PreviewLabels {
  image: string;
  video: string;
  audio: string;
  /** A document without a file name. */
  document: string;
  sticker: string;
  location: string;
  contact: string;
  /** A type the channel could not hand over. */
  unsupported: string;
  /** Any other message without text. */
  message: string;
}

export const PREVIEW_LABELS_PT: PreviewLabels = {
  image: "📷 Foto",
  video: "🎥 Vídeo",
  audio: "🎤 Áudio",
  document: "📄 Documento",
  sticker: "💟 Figurinha",
  location: "📍 Localização",
  contact: "👤 Contato",
  unsupported: "⚠️ Mensagem não suportada",
  message: "💬 Mensagem",
};

export interface PreviewInput {
  body: string;
  mediaType: string;
  /** A document's name as the sender gave it. */
  fileName?: string | null;
  /** An audio's (or video's) length in seconds. */
  durationSeconds?: number | null;
  /** Messenger stickers arrive as images with this flag. */
  sticker?: boolean;
}

/** '0:08', '1:05', '1:02:03': a duration as players show it (whole seconds, rounded). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const DOCUMENT_ICON = "📄";

/** The label of a message's kind, or null for a text message (its body is its preview). */
function labelOf(input: PreviewInput, labels: PreviewLabels): string | null {
  if (input.sticker && input.mediaType === "image") return labels.sticker;
  switch (input.mediaType) {
    case "image":
      return labels.image;
    case "video":
      return labels.video;
    case "audio": {
      const d = input.durationSeconds;
      return typeof d === "number" && Number.isFinite(d) && d > 0
        ? `${labels.audio} ${formatDuration(d)}`
        : labels.audio;
    }
    case "application":
    case "document": {
      const name = input.fileName?.trim();
      return name ? `${DOCUMENT_ICON} ${name}` : labels.document;
    }
    case "sticker":
      return labels.sticker;
    case "locationMessage":
      return labels.location;
    case "contactMessage":
    case "vcard":
      return labels.contact;
    case "unsupported":
      return labels.unsupported;
    default:
      return null;
  }
}

/**
 * A message in one line: the kind's label followed by the caption ('📷 Foto
 * legenda'); a text message is its body. A document whose body only repeats
 * its file name (the Cloud API's uncaptioned documents) shows the name once.
 */
export function messagePreview(input: PreviewInput, labels: PreviewLabels = PREVIEW_LABELS_PT): string {
  const body = input.body.trim();
  const label = labelOf(input, labels);
  if (label === null) return body || labels.message;
  // A contact card's or a location's body is its data (a vCard, coordinates): the label says it all.
  if (["contactMessage", "vcard", "locationMessage"].includes(input.mediaType)) return label;
  if (!body || body === input.fileName?.trim()) return label;
  return `${label} ${body}`;
}

const LEGACY_TYPES: Record<string, string> = {
  image: "image",
  video: "video",
  audio: "audio",
  application: "application",
  document: "application",
  sticker: "sticker",
  locationMessage: "locationMessage",
  contactMessage: "contactMessage",
  unsupported: "unsupported",
  media: "",
  chat: "",
};

/**
 * A stored last message as people read it: rows written before previews
 * ('[image]', '[audio]', '[media]') read as the label of their kind; any
 * other text is unchanged.
 */
export function readableLastMessage(text: string, labels: PreviewLabels = PREVIEW_LABELS_PT): string {
  const legacy = /^\[([A-Za-z]+)\]$/.exec(text);
  if (!legacy) return text;
  const type = LEGACY_TYPES[legacy[1] as string];
  if (type === undefined) return text;
  return messagePreview({ body: "", mediaType: type }, labels);
}
