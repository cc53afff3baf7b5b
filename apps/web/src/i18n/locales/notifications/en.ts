import type { LocaleShape } from "../pt";
import type notificationsPt from "./pt";

const notificationsEn: LocaleShape<typeof notificationsPt> = {
  bellWithCount_one: "Notifications: {{count}} ticket with unread messages",
  bellWithCount_other: "Notifications: {{count}} tickets with unread messages",
  listLabel: "Tickets with unread messages",
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  permissionHint: "Get a desktop notice when a new message arrives.",
  enable: "Enable notifications",
  denied: "Notifications are blocked in this browser. Allow them in the site settings.",
  unsupported: "This browser does not show notifications; the sound alert still plays.",
  newMessage: "New message",
  unknownContact: "Contact",
  preview: {
    image: "📷 Photo",
    video: "🎥 Video",
    audio: "🎤 Audio",
    document: "📄 Document",
    sticker: "💟 Sticker",
    location: "📍 Location",
    contact: "👤 Contact",
    unsupported: "⚠️ Unsupported message",
  },
  bellWithHandovers_one: "Notifications: {{count}} ticket transferred to you",
  bellWithHandovers_other: "Notifications: {{count}} tickets transferred to you",
  handovers_one: "{{count}} ticket transferred to you",
  handovers_other: "{{count}} tickets transferred to you",
  handoverList: "Tickets transferred to you",
  handoverTitle: "Ticket transferred to you",
  handoverInQueue: "Transferred to you · queue {{queue}}",
};

export default notificationsEn;
