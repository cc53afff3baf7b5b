import { z } from "zod";
import { ALL_TICKET_VALUES, MENU_STATES, PROFILES, THEMES, TOGGLE_VALUES } from "../enums.js";

/**
 * Response shapes. The server serialises through these schemas, so a field
 * that is not listed here (a password hash, a token) can never leave it.
 */
export const queueRefDto = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const companySettingDto = z.object({ key: z.string(), value: z.string().nullable() });

export const companyRefDto = z.object({
  id: z.number(),
  name: z.string(),
  /** ISO date (YYYY-MM-DD); null only for a company without a due date. */
  dueDate: z.string().nullable(),
  companieSettings: z.array(companySettingDto).optional(),
  plan: z
    .object({
      id: z.number(),
      name: z.string(),
      useWhatsapp: z.boolean(),
      useFacebook: z.boolean(),
      useInstagram: z.boolean(),
      useCampaigns: z.boolean(),
      useSchedules: z.boolean(),
      useInternalChat: z.boolean(),
      useExternalApi: z.boolean(),
      useKanban: z.boolean(),
      useOpenAi: z.boolean(),
      useIntegrations: z.boolean(),
    })
    .optional(),
});

const toggle = z.enum(TOGGLE_VALUES);
export const userDto = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  super: z.boolean(),
  online: z.boolean(),
  startWork: z.string(),
  endWork: z.string(),
  farewellMessage: z.string().nullable(),
  allTicket: z.enum(ALL_TICKET_VALUES),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(THEMES),
  defaultMenu: z.enum(MENU_STATES),
  allHistoric: toggle.nullable(),
  allUserChat: toggle,
  userClosePendingTicket: toggle,
  showDashboard: toggle,
  allowRealTime: toggle,
  allowConnections: toggle,
  whatsappId: z.number().nullable(),
  profileImage: z.string().nullable(),
  defaultTicketsManagerWidth: z.number(),
  queues: z.array(queueRefDto),
  company: companyRefDto.optional(),
  tokenVersion: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export const loginResponseDto = z.object({ token: z.string(), user: userDto });
export type LoginResponse = z.infer<typeof loginResponseDto>;

export const userListDto = z.object({ users: z.array(userDto), count: z.number(), hasMore: z.boolean() });
export type UserList = z.infer<typeof userListDto>;

/** GET /companies/listPlan/{companyId}: the company's plan, its limits and use flags (spec 1 section 7). */
export const companyPlanDto = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.string(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type CompanyPlanDto = z.infer<typeof companyPlanDto>;
