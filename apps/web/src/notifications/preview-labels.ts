import type { PreviewLabels } from "@inbox/shared";
import type { TFunction } from "i18next";

/** The shared preview's labels in the user's language ('📷 Foto', '🎤 Áudio', '📄 Documento'...). */
export function previewLabels(t: TFunction): PreviewLabels {
  return {
    image: t("notifications.preview.image"),
    video: t("notifications.preview.video"),
    audio: t("notifications.preview.audio"),
    document: t("notifications.preview.document"),
    sticker: t("notifications.preview.sticker"),
    location: t("notifications.preview.location"),
    contact: t("notifications.preview.contact"),
    unsupported: t("notifications.preview.unsupported"),
    message: t("notifications.newMessage"),
  };
}
