import type helpsPt from "./pt";

const helpsEn: typeof helpsPt = {
  pageTitle: "Help ({{count}})",
  galleryLabel: "Help videos",
  play: "Watch: {{title}}",
  close: "Close",
  empty: "No help videos yet.",
  loadError: "Could not load the list of records",
  formTitleAdd: "New help video",
  formTitleEdit: "Edit {{title}}",
  fields: {
    title: "Title",
    video: "Video code",
    description: "Description",
  },
  videoHint: "The YouTube video code (e.g. dQw4w9WgXcQ) or the video's address.",
  clear: "Clear",
  saved: "Operation completed successfully!",
  saveFailed:
    "Could not complete the operation. Check whether a help with the same name already exists or whether the fields were filled in correctly",
  deleted: "Operation completed successfully!",
  deleteFailed: "Could not complete the operation",
  deleteTitle: "Delete {{title}}?",
  deleteMessage: "Do you really want to delete this record?",
  editLabel: "Edit {{title}}",
  deleteLabel: "Delete {{title}}",
  actions: "Actions",
  tableLabel: "Help videos",
  errors: {
    title: "Enter a title of 1 to 100 characters.",
    video: "Enter the YouTube video code (letters, digits, - and _) or the video's address.",
    description: "The description may have up to 1000 characters.",
  },
};

export default helpsEn;
