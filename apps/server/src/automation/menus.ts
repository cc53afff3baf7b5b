import { foldText } from "@inbox/shared";
import { localDate } from "./hours.js";
import type { OptionNode, World } from "./machine-types.js";

/** The queue menus' lookups (machine.ts): answers, option trees, vacation days. */

/** The contact's answer: the choice's number, or its name (case and accents aside). */
export function pick<T extends { name: string }>(choices: readonly T[], text: string): T | undefined {
  if (/^\d{1,3}$/.test(text)) return choices[Number(text) - 1];
  const wanted = foldText(text);
  return wanted ? choices.find((choice) => foldText(choice.name) === wanted) : undefined;
}

export function findOption(
  options: readonly OptionNode[],
  id: number,
  parentId: number | null = null,
): { node: OptionNode; parentId: number | null } | undefined {
  for (const node of options) {
    if (node.id === id) return { node, parentId };
    const below = findOption(node.options, id, node.id);
    if (below) return below;
  }
  return undefined;
}

/**
 * Collective vacation: calendar days, both ends included (the connection
 * dialog stores each day as its UTC midnight), compared with today in the
 * company's time zone.
 */
export function onVacation(connection: World["connection"], now: Date, timeZone: string): boolean {
  const { collectiveVacationStart: start, collectiveVacationEnd: end } = connection;
  if (!connection.collectiveVacationMessage?.trim() || !start || !end) return false;
  const today = localDate(now, timeZone);
  return today >= start.toISOString().slice(0, 10) && today <= end.toISOString().slice(0, 10);
}
