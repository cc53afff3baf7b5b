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
  media: {
    image: "📷 Image",
    audio: "🎤 Audio",
    video: "🎥 Video",
    application: "📄 Document",
    locationMessage: "📍 Location",
    contactMessage: "👤 Contact",
  },
};

export default notificationsEn;
