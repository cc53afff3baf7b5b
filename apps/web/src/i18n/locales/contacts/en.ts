import type { LocaleShape } from "../pt";
import type contactsPt from "./pt";

const contactsEn: LocaleShape<typeof contactsPt> = {
  title: "Contacts",
  search: "Search contacts",
  add: "Add contact",
  empty: "No contacts found.",
  loadingMore: "Loading more contacts...",
  active: "Active",
  blocked: "Blocked",
  block: "Block",
  unblock: "Unblock",
  blockContact: "Block {{name}}",
  unblockContact: "Unblock {{name}}",
  editContact: "Edit {{name}}",
  deleteContact: "Delete {{name}}",
  deleteTitle: "Delete {{name}}?",
  deleteMessage: "Are you sure you want to delete this contact? All related tickets will be lost.",
  deleted: "Contact deleted.",
  blockedToast: "Contact blocked",
  unblocked: "Contact unblocked",
  columns: {
    name: "Name",
    number: "Number",
    email: "Email",
    status: "Status",
    actions: "Actions",
  },
  modal: {
    titleAdd: "Add contact",
    titleEdit: "Edit contact",
    saved: "Contact saved.",
    numberHidden: "Number hidden (data protection).",
    extraInfo: "Additional information",
    addExtraInfo: "Add information",
    extraName: "Field name",
    extraValue: "Value",
    removeExtraInfo: "Remove information {{index}}",
    noWallet: "No owner",
    walletHelp:
      "With \"Send tickets to the contact's wallet\" on, this user receives the contact's new tickets directly.",
    fields: {
      name: "Name",
      number: "WhatsApp number",
      email: "Email address",
      disableBot: "Disable chatbot",
      walletUserId: "Wallet (owner)",
    },
  },
};

export default contactsEn;
