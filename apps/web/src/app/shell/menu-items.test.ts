import { describe, expect, it } from "vitest";
import { buildUser } from "../../test/render";
import { MENU_ITEMS, type MenuItemDef, visibleMenuItems } from "./menu-items";

const labels = (items: MenuItemDef[]) => items.map((item) => item.label);

describe("visibleMenuItems", () => {
  it("gives an admin the dashboard, tickets and the users and connections administration items", () => {
    expect(labels(visibleMenuItems(buildUser({ profile: "admin" })))).toEqual([
      "dashboard",
      "tickets",
      "contacts",
      "moments",
      "chats",
      "kanban",
      "tags",
      "schedules",
      "campaigns",
      "contactLists",
      "campaignsConfig",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "users",
      "queues",
      "queueIntegration",
      "prompts",
      "files",
      "messagesApi",
      "connections",
      "financeiro",
      "subscription",
      "settings",
      "todolist",
    ]);
  });

  it("gives a super user the overview of every company's connections", () => {
    expect(labels(visibleMenuItems(buildUser({ profile: "admin", super: true })))).toContain(
      "allConnections",
    );
    expect(labels(visibleMenuItems(buildUser({ profile: "admin" })))).not.toContain("allConnections");
  });

  it("shows the to-do list to every profile: it is local to the browser (spec 3 section 2)", () => {
    for (const profile of ["user", "admin"] as const)
      expect(labels(visibleMenuItems(buildUser({ profile })))).toContain("todolist");
  });

  it("shows the help item to anyone, only when help videos exist (spec 2 section 6)", () => {
    const user = buildUser({ profile: "user" });
    expect(labels(visibleMenuItems(user))).not.toContain("helps");
    expect(labels(visibleMenuItems(user, MENU_ITEMS, { helpsExist: false }))).not.toContain("helps");
    expect(labels(visibleMenuItems(user, MENU_ITEMS, { helpsExist: true }))).toContain("helps");
  });

  it("adds the connections item for a user with allowConnections enabled", () => {
    expect(labels(visibleMenuItems(buildUser({ allowConnections: "enabled" })))).toEqual([
      "tickets",
      "contacts",
      "chats",
      "kanban",
      "tags",
      "schedules",
      "contactLists",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "connections",
      "todolist",
    ]);
  });

  it("gives a plain user the tickets, the contacts, the internal chat and the reports", () => {
    expect(labels(visibleMenuItems(buildUser({ profile: "user" })))).toEqual([
      "tickets",
      "contacts",
      "chats",
      "kanban",
      "tags",
      "schedules",
      "contactLists",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "todolist",
    ]);
  });

  it("adds the attendance panel for a user with allowRealTime enabled (spec 2 section 6)", () => {
    expect(labels(visibleMenuItems(buildUser({ allowRealTime: "enabled" })))).toEqual([
      "tickets",
      "contacts",
      "moments",
      "chats",
      "kanban",
      "tags",
      "schedules",
      "contactLists",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "todolist",
    ]);
    expect(labels(visibleMenuItems(buildUser({ profile: "user" })))).not.toContain("moments");
  });

  it("adds the dashboard for a user with showDashboard enabled", () => {
    expect(labels(visibleMenuItems(buildUser({ showDashboard: "enabled" })))).toEqual([
      "dashboard",
      "tickets",
      "contacts",
      "chats",
      "kanban",
      "tags",
      "schedules",
      "contactLists",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "todolist",
    ]);
  });

  it("hides an item whose plan flag is switched off", () => {
    const items: MenuItemDef[] = [
      ...MENU_ITEMS,
      { ...MENU_ITEMS[1]!, label: "tickets", to: "/kanban", planFlag: "useKanban" },
    ];
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
    };
    const withoutKanban = buildUser({ company: { id: 2, name: "Acme", dueDate: null, plan } });
    expect(visibleMenuItems(withoutKanban, items).map((item) => item.to)).toEqual([
      "/tickets",
      "/contacts",
      "/chats",
      "/tags",
      "/schedules",
      "/contact-lists",
      "/reports",
      "/quick-messages",
      "/flowbuilders",
      "/phrase-lists",
      "/todolist",
    ]);
    const withKanban = buildUser({
      company: { id: 2, name: "Acme", dueDate: null, plan: { ...plan, useKanban: true } },
    });
    expect(visibleMenuItems(withKanban, items).map((item) => item.to)).toEqual([
      "/tickets",
      "/contacts",
      "/chats",
      "/Kanban",
      "/tags",
      "/schedules",
      "/contact-lists",
      "/reports",
      "/quick-messages",
      "/flowbuilders",
      "/phrase-lists",
      "/todolist",
      "/kanban",
    ]);
  });

  it("shows the campaigns and contact lists only when the plan allows campaigns", () => {
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: false,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    };
    const without = buildUser({ profile: "admin", company: { id: 2, name: "Acme", dueDate: null, plan } });
    expect(labels(visibleMenuItems(without))).not.toContain("contactLists");
    expect(labels(visibleMenuItems(without))).not.toContain("campaigns");
    expect(labels(visibleMenuItems(without))).not.toContain("campaignsConfig");
    const withCampaigns = buildUser({
      profile: "admin",
      company: { id: 2, name: "Acme", dueDate: null, plan: { ...plan, useCampaigns: true } },
    });
    expect(labels(visibleMenuItems(withCampaigns))).toContain("contactLists");
    expect(labels(visibleMenuItems(withCampaigns))).toContain("campaigns");
    expect(labels(visibleMenuItems(withCampaigns))).toContain("campaignsConfig");
  });

  it("shows the messages API item to admins only while the plan allows the external API", () => {
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: false,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    };
    const company = (useExternalApi: boolean) => ({
      id: 2,
      name: "Acme",
      dueDate: null,
      plan: { ...plan, useExternalApi },
    });
    expect(labels(visibleMenuItems(buildUser({ profile: "admin", company: company(false) })))).not.toContain(
      "messagesApi",
    );
    expect(labels(visibleMenuItems(buildUser({ profile: "admin", company: company(true) })))).toContain(
      "messagesApi",
    );
    expect(labels(visibleMenuItems(buildUser({ profile: "user", company: company(true) })))).not.toContain(
      "messagesApi",
    );
  });

  it("hides the internal chat when the plan switches it off", () => {
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: false,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    };
    const user = buildUser({ company: { id: 2, name: "Acme", dueDate: null, plan } });
    expect(labels(visibleMenuItems(user))).toEqual([
      "tickets",
      "contacts",
      "kanban",
      "tags",
      "schedules",
      "contactLists",
      "reports",
      "quickMessages",
      "flows",
      "phraseLists",
      "todolist",
    ]);
  });
});
