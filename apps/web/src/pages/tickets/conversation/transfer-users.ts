/** A user the transfer dialog offers: their name and the queues they work in. */
export interface TransferUser {
  id: number;
  name: string;
  queueIds: readonly number[];
}

/** Lower case, accents folded: 'João' matches 'joao'. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();

/**
 * The users the transfer dialog lists: those of the chosen queue (every user
 * while no queue is chosen), their names containing the filter, by name.
 */
export function transferCandidates(
  users: readonly TransferUser[],
  queueId: number | null,
  filter: string,
): TransferUser[] {
  const term = folded(filter);
  return users
    .filter((user) => queueId === null || user.queueIds.includes(queueId))
    .filter((user) => term === "" || folded(user.name).includes(term))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
