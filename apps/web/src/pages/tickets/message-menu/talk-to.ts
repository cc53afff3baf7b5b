import type { ContactDto, MessageDto, TicketDto } from "@inbox/shared";
import { isApiError } from "../../../api/api-error";
import { api } from "../../../api/client";

export type TalkToOutcome = { uuid: string } | { takenBy: string | null };

/**
 * Talk-to (spec 1 section 6): a group member's message opens a private
 * ticket with that member on the group's connection, assigned to me. The
 * member becomes a contact when they are not one yet (named by their
 * number until they write). A ticket already open for them is shown, unless
 * another attendant holds it: then who holds it is told instead.
 */
export async function talkTo(message: MessageDto, group: TicketDto, userId: number): Promise<TalkToOutcome> {
  const number = message.participant ?? "";
  let contact: ContactDto;
  try {
    contact = await api.get<ContactDto>(`/contacts/profile/${encodeURIComponent(number)}`);
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    contact = await api.post<ContactDto>("/contacts", { name: number, number });
  }
  try {
    const created = await api.post<TicketDto>("/tickets", {
      contactId: contact.id,
      queueId: group.queueId,
      whatsappId: group.whatsappId,
      userId,
      status: "open",
    });
    return { uuid: created.uuid };
  } catch (error) {
    const existing = isApiError(error) && error.code === "ERR_OTHER_OPEN_TICKET" ? error.ticket : undefined;
    if (!existing) throw error;
    if (existing.userId !== null && existing.userId !== userId)
      return { takenBy: existing.user?.name ?? null };
    return { uuid: existing.uuid };
  }
}
