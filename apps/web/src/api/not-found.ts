import { isApiError } from "./api-error";

/**
 * Some supporting lists (queues, connections) belong to areas that may not be
 * served yet: a 404 means "nothing to choose from", not a failure.
 */
export async function emptyOnNotFound<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}
