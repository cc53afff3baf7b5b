import {
  ADMIN_ONLY_USER_FIELDS,
  ALL_TICKET_VALUES,
  MENU_STATES,
  THEMES,
  TOGGLE_VALUES,
  timeOfDay,
  USER_DEFAULTS,
  type UserDto,
  type UserUpdateInput,
  userFormSchema,
} from "@inbox/shared";
import { z } from "zod";
import type { UserCreateBody } from "../../api/users";

const toggle = z.enum(TOGGLE_VALUES);

/** The user modal: the shared form schema (spec messages) plus the other user fields. */
export function userModalSchema(editing: boolean) {
  return userFormSchema(editing).extend({
    startWork: timeOfDay,
    endWork: timeOfDay,
    farewellMessage: z.string().max(1000, "Too Long!"),
    allTicket: z.enum(ALL_TICKET_VALUES),
    allowGroup: z.boolean(),
    defaultTheme: z.enum(THEMES),
    defaultMenu: z.enum(MENU_STATES),
    allHistoric: toggle,
    allUserChat: toggle,
    userClosePendingTicket: toggle,
    showDashboard: toggle,
    allowRealTime: toggle,
    allowConnections: toggle,
    queueIds: z.array(z.number().int().positive()),
    whatsappId: z.number().int().positive().nullable(),
  });
}

type UserModalSchema = ReturnType<typeof userModalSchema>;
export type UserFormInput = z.input<UserModalSchema>;
export type UserFormValues = z.output<UserModalSchema>;
export type UserFormField = keyof UserFormInput;

/** The enabled/disabled permission switches, in display order. */
export const PERMISSION_TOGGLES = [
  "allUserChat",
  "allHistoric",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
] as const;

export function toFormValues(user?: UserDto): UserFormInput {
  const base = user ?? { ...USER_DEFAULTS, name: "", email: "", queues: [] };
  return {
    name: base.name,
    email: base.email,
    password: "",
    profile: base.profile,
    startWork: base.startWork,
    endWork: base.endWork,
    farewellMessage: base.farewellMessage ?? "",
    allTicket: base.allTicket,
    allowGroup: base.allowGroup,
    defaultTheme: base.defaultTheme,
    defaultMenu: base.defaultMenu,
    allHistoric: base.allHistoric ?? "disabled",
    allUserChat: base.allUserChat,
    userClosePendingTicket: base.userClosePendingTicket,
    showDashboard: base.showDashboard,
    allowRealTime: base.allowRealTime,
    allowConnections: base.allowConnections,
    queueIds: user ? user.queues.map((queue) => queue.id) : [...USER_DEFAULTS.queueIds],
    whatsappId: base.whatsappId,
  };
}

/**
 * The request body for POST/PUT /users: an empty farewell becomes null, an
 * empty password on edit keeps the current one, and a non-admin never sends
 * the admin-only fields (spec 1 section 6).
 */
export function toRequestBody(values: UserFormValues, options: { admin: boolean }): UserUpdateInput {
  const body: Record<string, unknown> = { ...values, farewellMessage: values.farewellMessage.trim() || null };
  if (!values.password) delete body.password;
  if (!options.admin) {
    for (const field of ADMIN_ONLY_USER_FIELDS) delete body[field];
  }
  return body as UserUpdateInput;
}

export function toCreateBody(values: UserFormValues): UserCreateBody {
  const body = toRequestBody(values, { admin: true });
  return { ...body, name: values.name, email: values.email, password: values.password };
}
