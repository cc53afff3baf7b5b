import { useCallback, useEffect, useState } from "react";
import {
  addTask,
  editTask,
  readTasks,
  removeTask,
  TASKS_STORAGE_KEY,
  type Task,
  writeTasks,
} from "./task-store";

/**
 * The to-do list's tasks as state, saved to localStorage on every change and reloaded when another
 * tab of the same browser changes them (the `storage` event fires only in the other tabs).
 */
export function useTasks() {
  const [tasks, setTasks] = useState<readonly Task[]>(() => readTasks());

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TASKS_STORAGE_KEY || event.key === null) setTasks(readTasks());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const change = useCallback((update: (current: readonly Task[]) => readonly Task[]) => {
    setTasks((current) => {
      const next = update(current);
      // Private mode or full storage: the list still works for this visit.
      if (next !== current) writeTasks(next);
      return next;
    });
  }, []);

  return {
    tasks,
    add: (text: string) => change((current) => addTask(current, text)),
    edit: (id: string, text: string) => change((current) => editTask(current, id, text)),
    remove: (id: string) => change((current) => removeTask(current, id)),
  };
}
