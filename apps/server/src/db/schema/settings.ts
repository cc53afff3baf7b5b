import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tenant, timestamps } from "./columns.js";
import { companies } from "./companies.js";

/**
 * Key/value settings per company (spec 2 section 3 "Setting"). Platform-wide
 * keys (allowSignup, whitelabel, userCreation) live on company 1.
 */
export const settings = pgTable(
  "settings",
  {
    companyId: tenant().references(() => companies.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/**
 * The company's attendance settings (spec 1 section 3), one typed row per
 * company, created with the company. Answered to the web app as a key/value
 * list (`companieSettings`).
 */
export const companySettings = pgTable("company_settings", {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  hoursCloseTicketsAuto: text().notNull().default("24"),
  chatBotType: text().notNull().default("text"),
  acceptCallWhatsapp: text().notNull().default("enabled"),
  userRandom: text().notNull().default("disabled"),
  sendGreetingMessageOneQueues: text().notNull().default("disabled"),
  sendSignMessage: text().notNull().default("enabled"),
  sendFarewellWaitingTicket: text().notNull().default("disabled"),
  userRating: text().notNull().default("disabled"),
  sendGreetingAccepted: text().notNull().default("disabled"),
  sendQueuePosition: text().notNull().default("disabled"),
  scheduleType: text().notNull().default("disabled"),
  acceptAudioMessageContact: text().notNull().default("enabled"),
  enableLGPD: text().notNull().default("disabled"),
  requiredTag: text().notNull().default("disabled"),
  lgpdDeleteMessage: text().notNull().default("disabled"),
  lgpdHideNumber: text().notNull().default("disabled"),
  lgpdConsent: text().notNull().default("disabled"),
  lgpdMessage: text(),
  lgpdLink: text(),
  sendMsgTransfTicket: text().notNull().default("disabled"),
  closeTicketOnTransfer: text().notNull().default("disabled"),
  transferMessage: text(),
  greetingAcceptedMessage: text(),
  acceptCallWhatsappMessage: text(),
  sendQueuePositionMessage: text(),
  showNotificationPending: text().notNull().default("disabled"),
  directTicketsToWallets: text().notNull().default("disabled"),
  allUserChat: text().notNull().default("disabled"),
  allowGroup: text().notNull().default("disabled"),
  /** ISO 3166-1 alpha-2: the country of numbers typed without a country code (docs/PHONE-NUMBERS.md). */
  phoneDefaultCountry: text().notNull().default("BR"),
  ...timestamps,
});
