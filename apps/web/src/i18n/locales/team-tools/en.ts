import type teamToolsPt from "./pt";

const teamToolsEn: typeof teamToolsPt = {
  quickMessages: {
    title: "Quick messages",
    search: "Search...",
    add: "Add",
    addTitle: "Add quick message",
    editTitle: "Edit quick message",
    fields: {
      shortcode: "Shortcode",
      message: "Message",
      geral: "Global (visible to every user)",
    },
    columns: {
      shortcode: "Shortcode",
      media: "Attachment",
      geral: "Global",
      actions: "Actions",
    },
    required: "Required",
    attach: "Attach file",
    noFile: "No attachment",
    removeFile: "Remove attachment",
    readOnly: "This is another user's personal quick message: read-only.",
    close: "Close",
    isGeral: "Global",
    view: "View",
    viewLabel: "View {{shortcode}}",
    editLabel: "Edit {{shortcode}}",
    deleteLabel: "Delete {{shortcode}}",
    saved: "Quick message saved.",
    deleted: "Quick message deleted.",
    deleteTitle: "Delete {{shortcode}}?",
    deleteMessage: "This cannot be undone.",
    empty: "No quick messages yet.",
    loadingMore: "Loading more...",
  },
};

export default teamToolsEn;
