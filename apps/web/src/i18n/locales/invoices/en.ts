import type invoicesPt from "./pt";

const invoicesEn: typeof invoicesPt = {
  title: "Invoices ({{count}})",
  menu: "Billing",
  search: "Search",
  empty: "No invoices found.",
  loadError: "The invoices could not be loaded",
  loadingMore: "Loading more invoices",
  columns: {
    detail: "Details",
    users: "Users",
    connections: "Connections",
    queues: "Queues",
    value: "Value",
    dueDate: "Due date",
    status: "Status",
    action: "Action",
  },
  status: {
    paid: "Paid",
    overdue: "Overdue",
    open: "Open",
  },
  expired: "Your subscription has expired.",
  expiredDescription:
    "Pay the open invoice to use the system again. As soon as the payment is confirmed you are taken back home, without signing in again.",
  restored: "Payment confirmed! Your licence now expires on {{date}}.",
  subscription: {
    title: "Subscription",
    menu: "Subscription",
    period: "Licence period",
    daysLeft_one: "Your licence expires in {{count}} day!",
    daysLeft_other: "Your licence expires in {{count}} days!",
    today: "Your licence expires today!",
    expired: "Your licence expired on {{date}}.",
    neverExpires: "This licence does not expire.",
    dueDate: "Due date: {{date}}",
    billingEmail: "Billing e-mail",
    subscribe: "Subscribe Now!",
  },
};

export default invoicesEn;
