/**
 * The to-do list's tasks (spec 3 section 2, /todolist): local to the browser, kept in localStorage
 * under the key `tasks` as a JSON array. Nothing goes to the server.
 */
export const TASKS_STORAGE_KEY = "tasks";

export interface Task {
  id: string;
  text: string;
  /** ISO instant of the last add or edit (the list shows it). */
  updatedAt: string;
}

function newId(): string {
  // crypto.randomUUID is missing on pages served over plain http.
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A stored entry as a task; entries written by older versions (no id) get one, foreign ones are dropped. */
function taskOf(value: unknown, index: number): Task | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.text !== "string" || entry.text.trim() === "") return undefined;
  const updatedAt = typeof entry.updatedAt === "string" ? entry.updatedAt : new Date(0).toISOString();
  const id = typeof entry.id === "string" && entry.id !== "" ? entry.id : `stored-${index}`;
  return { id, text: entry.text, updatedAt };
}

/** The stored tasks; an empty list when there are none or the value is not ours. */
export function readTasks(storage: Storage = localStorage): Task[] {
  try {
    const raw = storage.getItem(TASKS_STORAGE_KEY);
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(taskOf).filter((task): task is Task => task !== undefined);
  } catch {
    return [];
  }
}

/** Saves the tasks; false when the browser refuses (private mode, full storage). */
export function writeTasks(tasks: readonly Task[], storage: Storage = localStorage): boolean {
  try {
    storage.setItem(TASKS_STORAGE_KEY, JSON.stringify(tasks));
    return true;
  } catch {
    return false;
  }
}

/** The list with a new task at its end; unchanged when the text is blank (spec 3 section 5). */
export function addTask(tasks: readonly Task[], text: string, now = new Date()): readonly Task[] {
  const trimmed = text.trim();
  if (trimmed === "") return tasks;
  return [...tasks, { id: newId(), text: trimmed, updatedAt: now.toISOString() }];
}

/** The list with one task's text replaced and its time updated; unchanged when the text is blank. */
export function editTask(
  tasks: readonly Task[],
  id: string,
  text: string,
  now = new Date(),
): readonly Task[] {
  const trimmed = text.trim();
  if (trimmed === "") return tasks;
  return tasks.map((task) =>
    task.id === id ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task,
  );
}

export function removeTask(tasks: readonly Task[], id: string): readonly Task[] {
  return tasks.filter((task) => task.id !== id);
}
