import chatsEn from "../chats/en";
import type { LocaleShape } from "../pt";
import type topBarPt from "./pt";

const topBarEn: LocaleShape<typeof topBarPt> = {
  announcements: {
    title: "Announcements",
    withCount_one: "Announcements: {{count}} unseen",
    withCount_other: "Announcements: {{count}} unseen",
    listLabel: "Announcement list",
    empty: "No announcements.",
    error: "The announcements could not be loaded.",
    retry: "Try again",
    loadingMore: "Loading more announcements...",
    attachment: "Attachment",
    priority1: "High priority",
    priority2: "Medium priority",
    priority3: "Low priority",
  },
  chats: {
    title: "Internal chat",
    withUnread_one: "Internal chat: {{count}} unread conversation",
    withUnread_other: "Internal chat: {{count}} unread conversations",
    listLabel: "Internal chat conversations",
    empty: "No conversations.",
    error: "The conversations could not be loaded.",
    retry: "Try again",
    loadingMore: "Loading more conversations...",
    newChat: "New chat",
    noMessages: "No messages yet.",
    unread_one: "{{count}} unread message",
    unread_other: "{{count}} unread messages",
  },
  /** The overflow menu that holds the top bar's actions on narrow screens. */
  more: { label: "More actions", withNews: "More actions: something new" },
  chatPage: chatsEn,
};

export default topBarEn;
