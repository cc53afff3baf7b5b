import type chatsPt from "./pt";

const chatsEn: typeof chatsPt = {
  title: "Internal chat",
  newChat: "New chat",
  tabChats: "Chats",
  tabMessages: "Messages",
  listLabel: "Chats",
  empty: "No chats.",
  selectChat: "Select a chat to see its messages.",
  noMessages: "No messages yet.",
  loadError: "Could not load.",
  retry: "Try again",
  notFound: "Chat not found.",
  messagesLabel: "Messages of {{title}}",
  loadingOlder: "Loading earlier messages...",
  messagePlaceholder: "Type a message",
  messageLabel: "Message",
  send: "Send",
  editLabel: "Edit {{title}}",
  deleteLabel: "Delete {{title}}",
  deleteTitle: "Delete the chat {{title}}?",
  deleteMessage: "The chat and all its messages will be deleted for every participant.",
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  dialog: {
    addTitle: "New chat",
    editTitle: "Edit chat",
    title: "Title",
    users: "Participants",
  },
};

export default chatsEn;
