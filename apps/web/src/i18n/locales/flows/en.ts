import type flowsPt from "./pt";

const flowsEn: typeof flowsPt = {
  title: "Conversation flows",
  search: "Search flows",
  add: "Add flow",
  addTitle: "Add flow",
  editTitle: "Edit flow name",
  empty: "No flows found.",
  loadingMore: "Loading more...",
  active: "Active",
  inactive: "Disabled",
  saved: "Flow saved successfully",
  deleted: "Flow deleted successfully",
  duplicated: "Flow duplicated successfully",
  menuLabel: "Actions for {{name}}",
  menu: { open: "Edit flow", rename: "Edit name", duplicate: "Duplicate", delete: "Delete" },
  deleteTitle: "Delete {{name}}?",
  deleteMessage: "This cannot be undone: the flow will be deleted.",
  duplicateTitle: "Duplicate {{name}}?",
  duplicateMessage: "A copy of the flow, with all its blocks, will be created.",
  columns: { name: "Name", status: "Status", actions: "Actions" },
  fields: { name: "Name" },
};
export default flowsEn;
