import { useState } from "react";
import { toastError } from "../toast/toast-error";
import { toast } from "../toast/toast-store";

/**
 * A list page's delete: the row waiting for the user's confirmation (`toDelete`, shown by a
 * ConfirmDialog while set), and `confirmDelete`, which deletes it, toasts `deletedMessage` or the
 * translated error, and closes the dialog either way.
 */
export function useDeleteConfirmation<T>(remove: (row: T) => Promise<unknown>, deletedMessage: string) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete);
      toast.success(deletedMessage);
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(null);
    }
  };
  return { toDelete, setToDelete, confirmDelete };
}
