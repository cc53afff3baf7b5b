import type { UserDto } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { UserWithQueues } from "./repo.js";

type CompanyRef = NonNullable<UserDto["company"]>;

/** The only way a user leaves the server: no hash, no token, no lastSeenAt. */
export function presentUser(
  user: UserWithQueues,
  extra: { company?: CompanyRef; includeTokenVersion?: boolean } = {},
): UserDto {
  return {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile as UserDto["profile"],
    super: user.super,
    online: user.online,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage,
    allTicket: user.allTicket as UserDto["allTicket"],
    allowGroup: user.allowGroup,
    defaultTheme: user.defaultTheme as UserDto["defaultTheme"],
    defaultMenu: user.defaultMenu as UserDto["defaultMenu"],
    allHistoric: user.allHistoric as UserDto["allHistoric"],
    allUserChat: user.allUserChat as UserDto["allUserChat"],
    userClosePendingTicket: user.userClosePendingTicket as UserDto["userClosePendingTicket"],
    showDashboard: user.showDashboard as UserDto["showDashboard"],
    allowRealTime: user.allowRealTime as UserDto["allowRealTime"],
    allowConnections: user.allowConnections as UserDto["allowConnections"],
    whatsappId: user.whatsappId,
    profileImage: fileUrl(user.profileImage),
    defaultTicketsManagerWidth: user.defaultTicketsManagerWidth,
    queues: user.queues,
    ...(extra.company ? { company: extra.company } : {}),
    ...(extra.includeTokenVersion ? { tokenVersion: user.tokenVersion } : {}),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
