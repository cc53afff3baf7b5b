import type plansPt from "./pt";

const plansEn: typeof plansPt = {
  title: "Plans",
  formTitleAdd: "New plan",
  formTitleEdit: "Edit plan {{name}}",
  empty: "No plans yet.",
  loadError: "The list could not be loaded",
  saved: "Operation completed successfully!",
  saveFailed:
    "The operation could not be completed. Check whether a plan with the same name already exists or whether the fields were filled in correctly",
  deleted: "Operation completed successfully!",
  deleteFailed: "The operation could not be completed",
  deleteTitle: "Delete {{name}}?",
  deleteMessage: "Do you really want to delete this record?",
  clear: "Clear",
  editLabel: "Edit {{name}}",
  deleteLabel: "Delete {{name}}",
  yes: "Yes",
  no: "No",
  actions: "Actions",
  fields: {
    name: "Name",
    users: "Users",
    connections: "Connections",
    queues: "Queues",
    amount: "Amount",
    isPublic: "Public",
    useWhatsapp: "WhatsApp",
    useFacebook: "Facebook",
    useInstagram: "Instagram",
    useCampaigns: "Campaigns",
    useSchedules: "Schedules",
    useInternalChat: "Internal chat",
    useExternalApi: "External API",
    useKanban: "Kanban",
    useOpenAi: "Open.AI",
    useIntegrations: "Integrations",
  },
  features: "Plan features",
  errors: {
    name: "Enter a name of 1 to 100 characters.",
    limit: "Enter a whole number from 0 to 2147483647.",
    amount: "Enter an amount from 0 to 9999999999.99, with up to two decimals.",
  },
};

export default plansEn;
