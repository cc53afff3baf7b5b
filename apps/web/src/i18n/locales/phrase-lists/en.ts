import type phraseListsPt from "./pt";

const phraseListsEn: typeof phraseListsPt = {
  title: "Phrase campaigns",
  add: "New Campaign",
  addTitle: "New phrase campaign",
  editTitle: "Edit phrase campaign",
  empty: "No phrase campaigns found.",
  created: "Phrase created successfully!",
  updated: "Phrase changed successfully!",
  deleted: "Phrase deleted",
  active: "Active",
  inactive: "Disabled",
  editRow: "Edit {{name}}",
  deleteRow: "Delete {{name}}",
  deleteTitle: "Delete {{name}}?",
  deleteMessage: "This cannot be undone: the phrase will no longer start the flow.",
  noConnection: "No connection chosen: the phrase will not be recognised on any connection.",
  noConnectionShort: "No connection",
  columns: {
    name: "Name",
    flow: "Flow",
    connection: "Connection",
    phrase: "Phrase",
    status: "Status",
    actions: "Actions",
  },
  fields: { name: "Trigger name", flow: "Flow", connection: "Connection", phrase: "Trigger phrase" },
  validation: { required: "Required" },
};
export default phraseListsEn;
