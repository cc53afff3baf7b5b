import type { CompanyTopic } from "@inbox/shared";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCompanyEvent } from "./realtime-context";

/**
 * Loads the given queries again whenever `company-{id}-{topic}` arrives:
 * for lists whose order or paging an event could change, where patching the
 * cached pages in place would be guesswork.
 */
export function useRealtimeInvalidation<Payload>(topic: CompanyTopic, keys: QueryKey[]): void {
  const queryClient = useQueryClient();
  useCompanyEvent<Payload>(topic, () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  });
}
