/**
 * The conversation context AI providers get: the ticket's last messages, oldest first. `contact`
 * is what the contact wrote, `assistant` what was sent to them (by the bot or a person).
 */
export interface ConversationTurn {
  role: "contact" | "assistant";
  text: string;
}

/**
 * The last `max` turns with text, consecutive turns of one side joined (chat APIs want the sides
 * to alternate) and leading assistant turns dropped (the conversation starts with the contact).
 */
export function lastTurns(turns: ConversationTurn[], max: number): ConversationTurn[] {
  const recent = turns.filter((t) => t.text.trim() !== "").slice(-Math.max(1, max));
  const merged: ConversationTurn[] = [];
  for (const turn of recent) {
    const previous = merged.at(-1);
    if (previous && previous.role === turn.role) previous.text = `${previous.text}\n${turn.text}`;
    else merged.push({ ...turn });
  }
  while (merged[0]?.role === "assistant") merged.shift();
  return merged;
}
