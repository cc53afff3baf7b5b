import type { TicketViewer, UserDto } from "@inbox/shared";

/** The signed-in user as the shared visibility rules see them. */
export function ticketViewerOf(user: UserDto): TicketViewer {
  return {
    id: user.id,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    allUserChat: user.allUserChat,
    allowGroup: user.allowGroup,
    queueIds: user.queues.map((queue) => queue.id),
  };
}
