import { useState } from "react";
import { toastError } from "../toast/toast-error";
import { toast } from "../toast/toast-store";

/**
 * A list page's delete: the row waiting for the user's confirmation (`toDelete`, shown by a
 * ConfirmDialog while set), and `confirmDelete`, which deletes it, toasts `deletedMessage` or the
 * error (the translated error code, or `failedMessage`'s text where a spec words the failure), and
 * closes the dialog either way.
 */
export function useDeleteConfirmation<T>(
  remove: (row: T) => Promise<unknown>,
  deletedMessage: string,
  failedMessage?: (error: unknown) => string,
) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete);
      toast.success(deletedMessage);
    } catch (error) {
      if (failedMessage) toast.error(failedMessage(error));
      else toastError(error);
    } finally {
      setToDelete(null);
    }
  };
  return { toDelete, setToDelete, confirmDelete };
}
