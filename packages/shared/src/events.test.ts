import { describe, expect, it } from "vitest";
import { COMPANY_TOPICS, companyEvent } from "./events.js";

describe("live event names are the specs' own", () => {
  it("every topic's name, as spec 1 section 7, spec 2 section 8 and spec 3 'Live events' write it", () => {
    const names = Object.fromEntries(COMPANY_TOPICS.map((topic) => [topic, companyEvent(42, topic)]));
    expect(names).toEqual({
      // spec 1 section 7: company-{id}-ticket, -appMessage, -contact, -chat, -auth, -user, -whatsapp, -whatsappSession
      ticket: "company-42-ticket",
      appMessage: "company-42-appMessage",
      contact: "company-42-contact",
      chat: "company-42-chat",
      auth: "company-42-auth",
      user: "company-42-user",
      whatsapp: "company-42-whatsapp",
      whatsappSession: "company-42-whatsappSession",
      // spec 2: company-{id}-queue; company{id}-tag, without the dash
      queue: "company-42-queue",
      tag: "company42-tag",
      // not in the specs: the conversation's typing indicator
      typing: "company-42-typing",
      // spec 3 "Live events": the schedule channel and company-announcement
      schedule: "schedule",
      announcement: "company-announcement",
      // spec 3 "Live events": quickmessage, company-scoped as the Whaticket family names it
      quickmessage: "company-42-quickmessage",
      // not in the specs (the Whaticket family's name): settings and business hours changed
      settings: "company-42-settings",
      // not in the specs (the Whaticket family's name): an invoice paid, the due date moved
      payment: "company-42-payment",
      // not in the specs: a company's deletion progress, to the super user who asked
      companyDeletion: "company-42-companyDeletion",
      // spec 2 section 7: a WhatsApp message import's progress
      importMessages: "importMessages-42",
      // not in the specs: a ticket report export's progress, to the user who asked
      reportExport: "company-42-reportExport",
      // spec 3 "Live events": ContactList and ContactListItem, company-scoped as the Whaticket family writes them
      ContactList: "company-42-ContactList",
      ContactListItem: "company-42-ContactListItem",
      // not in the specs: a contact list import's progress and result
      contactListImport: "company-42-contactListImport",
      // spec 3 "Live events": campaign, company-scoped as the Whaticket family writes it
      campaign: "company-42-campaign",
      // spec 3 "Live events": company-{id}-file
      file: "company-42-file",
      // spec 3 "Live events": flow lists update live, channel not named; this product names it
      flowbuilder: "company-42-flowbuilder",
      // spec 3 "Live events": company-{id}-queueIntegration
      queueIntegration: "company-42-queueIntegration",
      // not named by spec 3: phrase campaigns' list updates live like its neighbours
      flowcampaign: "company-42-flowcampaign",
      // spec 3 "Live events": company-{id}-prompt
      prompt: "company-42-prompt",
    });
  });
});
