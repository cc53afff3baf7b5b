import { z } from "zod";
import { ALL_TICKET_VALUES, MENU_STATES, PROFILES, THEMES, TOGGLE_VALUES } from "../enums.js";
import { dbId, looseBoolean, noneAsNull, timeOfDay } from "./common.js";

const name = z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!");
const email = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(254, "Too Long!")
  .pipe(z.email("Invalid email"))
  .transform((v) => v.toLowerCase());
const password = z.string({ error: "Required" }).min(5, "Too Short!").max(50, "Too Long!");
const toggle = z.enum(TOGGLE_VALUES);

/** Fields only an admin may set (spec 1 section 6). */
export const ADMIN_ONLY_USER_FIELDS = [
  "profile",
  "queueIds",
  "whatsappId",
  "allTicket",
  "allowGroup",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
  "startWork",
  "endWork",
] as const;

const userFields = {
  name,
  email,
  password,
  profile: z.enum(PROFILES),
  startWork: timeOfDay,
  endWork: timeOfDay,
  farewellMessage: z.string().max(1000).nullable(),
  allTicket: z.enum(ALL_TICKET_VALUES),
  allowGroup: looseBoolean,
  defaultTheme: z.enum(THEMES),
  defaultMenu: z.enum(MENU_STATES),
  allHistoric: toggle.nullable(),
  allUserChat: toggle,
  userClosePendingTicket: toggle,
  showDashboard: toggle,
  allowRealTime: toggle,
  allowConnections: toggle,
  queueIds: z.array(dbId).max(500),
  /** The user's default connection; `false` (as spec clients send "none") is null. */
  whatsappId: noneAsNull(dbId.nullable()),
};

/** Defaults of a new user (spec 1 section 9). */
export const USER_DEFAULTS = {
  profile: "user",
  startWork: "00:00",
  endWork: "23:59",
  farewellMessage: null,
  allTicket: "disable",
  allowGroup: false,
  defaultTheme: "light",
  defaultMenu: "open",
  allHistoric: "disabled",
  allUserChat: "disabled",
  userClosePendingTicket: "enabled",
  showDashboard: "disabled",
  allowRealTime: "disabled",
  allowConnections: "disabled",
  queueIds: [] as number[],
  whatsappId: null,
} as const;

export const userCreateSchema = z.object({
  ...userFields,
  profile: userFields.profile.default(USER_DEFAULTS.profile),
  startWork: userFields.startWork.default(USER_DEFAULTS.startWork),
  endWork: userFields.endWork.default(USER_DEFAULTS.endWork),
  farewellMessage: userFields.farewellMessage.optional().default(null),
  allTicket: userFields.allTicket.default(USER_DEFAULTS.allTicket),
  allowGroup: userFields.allowGroup.default(USER_DEFAULTS.allowGroup),
  defaultTheme: userFields.defaultTheme.default(USER_DEFAULTS.defaultTheme),
  defaultMenu: userFields.defaultMenu.default(USER_DEFAULTS.defaultMenu),
  allHistoric: userFields.allHistoric.optional().default(USER_DEFAULTS.allHistoric),
  allUserChat: userFields.allUserChat.default(USER_DEFAULTS.allUserChat),
  userClosePendingTicket: userFields.userClosePendingTicket.default(USER_DEFAULTS.userClosePendingTicket),
  showDashboard: userFields.showDashboard.default(USER_DEFAULTS.showDashboard),
  allowRealTime: userFields.allowRealTime.default(USER_DEFAULTS.allowRealTime),
  allowConnections: userFields.allowConnections.default(USER_DEFAULTS.allowConnections),
  queueIds: userFields.queueIds.default([]),
  whatsappId: userFields.whatsappId.optional().default(null),
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** Update: every field optional; an empty password means "keep the current one". */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z.union([z.literal(""), password]),
  })
  .partial();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const toggleChangeWidthSchema = z.object({
  defaultTicketsManagerWidth: z.coerce.number().int().min(404).max(700),
});

/** The user modal's form: password optional when editing (spec 2 section 5). */
export function userFormSchema(editing: boolean) {
  return z.object({
    name,
    email: z.string().trim().min(1, "Required").pipe(z.email("Invalid email")),
    password: editing ? z.union([z.literal(""), password]) : password,
    profile: z.enum(PROFILES),
  });
}
