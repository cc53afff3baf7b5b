import type { DashboardRange } from "./dashboard";
import type { TicketListFilters } from "./tickets";

/** Query keys of every area, in one place so invalidations match their queries. */
export const queryKeys = {
  version: ["version"] as const,
  me: ["auth", "me"] as const,
  users: {
    all: ["users"] as const,
    list: (searchParam: string) => ["users", "list", searchParam] as const,
    detail: (id: number) => ["users", "detail", id] as const,
  },
  queues: ["queues"] as const,
  tickets: {
    all: ["tickets"] as const,
    lists: ["tickets", "list"] as const,
    list: (filters: TicketListFilters) => ["tickets", "list", filters] as const,
    detail: (uuid: string) => ["tickets", "detail", uuid] as const,
  },
  messages: {
    all: ["messages"] as const,
    list: (ticketId: number) => ["messages", "list", ticketId] as const,
  },
  invoices: {
    all: ["invoices"] as const,
    list: (searchParam: string) => ["invoices", "list", searchParam] as const,
    ofCompany: (companyId: number) => ["invoices", "company", companyId] as const,
  },
  dashboard: (range: DashboardRange) => ["dashboard", range] as const,
  /** The attendance panel (GET /usersMoments), kept live in place. */
  moments: ["moments"] as const,
  connections: {
    all: ["connections"] as const,
    list: ["connections", "list"] as const,
    detail: (id: number) => ["connections", "detail", id] as const,
    /** Every company's (GET /whatsapp/all, super only). */
    platform: ["connections", "platform"] as const,
    /** Another company's (GET /whatsapp?companyId=, super only). */
    ofCompany: (companyId: number) => ["connections", "company", companyId] as const,
  },
};
