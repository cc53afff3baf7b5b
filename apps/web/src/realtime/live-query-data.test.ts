import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { setLiveQueryData } from "./live-query-data";

/** A fetch whose answer the test gives when it wants: read on the server before the events. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const key = ["tickets", "unread"];

/** A client fetching `key` (over `cached`, if given), whose answer the test gives with `answer.resolve`. */
function fetchingClient(cached?: number[]) {
  const client = new QueryClient();
  if (cached) client.setQueryData(key, cached);
  const answer = deferred<number[]>();
  const fetching = client.fetchQuery({ queryKey: key, queryFn: () => answer.promise, staleTime: 0 });
  return { client, answer, fetching };
}
const addId = (id: number) => (ids: number[] | undefined) =>
  ids === undefined || ids.includes(id) ? ids : [...ids, id];

describe("setLiveQueryData", () => {
  it("applies a change at once, and again to the answer in flight when it lands", async () => {
    const { client, answer, fetching } = fetchingClient([1]);

    setLiveQueryData(client, key, addId(2));
    expect(client.getQueryData(key)).toEqual([1, 2]);

    answer.resolve([1, 3]);
    await fetching;
    expect(client.getQueryData(key)).toEqual([1, 3, 2]);
  });

  it("keeps a change made before the first answer, when nothing was cached yet", async () => {
    const { client, answer, fetching } = fetchingClient();

    setLiveQueryData(client, key, addId(2));
    expect(client.getQueryData(key)).toBeUndefined();

    answer.resolve([1]);
    await fetching;
    expect(client.getQueryData(key)).toEqual([1, 2]);
  });

  it("does not apply a change twice when the answer already holds it", async () => {
    const { client, answer, fetching } = fetchingClient([1]);
    setLiveQueryData(client, key, addId(2));
    answer.resolve([1, 2]);
    await fetching;
    expect(client.getQueryData(key)).toEqual([1, 2]);
  });

  it("forgets changes once their fetch is over: a later answer is the server's alone", async () => {
    const client = new QueryClient();
    client.setQueryData(key, [1]);
    setLiveQueryData(client, key, addId(2));
    expect(client.getQueryData(key)).toEqual([1, 2]);
    // Nothing was in flight: the next answer (the ticket left meanwhile) is not edited.
    await client.fetchQuery({ queryKey: key, queryFn: async () => [1], staleTime: 0 });
    expect(client.getQueryData(key)).toEqual([1]);

    // A failed fetch keeps the changed data, and its changes are not applied to the next answer.
    const failing = deferred<number[]>();
    const failed = client.fetchQuery({
      queryKey: key,
      queryFn: () => failing.promise,
      staleTime: 0,
      retry: false,
    });
    setLiveQueryData(client, key, addId(4));
    failing.reject(new Error("offline"));
    await expect(failed).rejects.toThrow("offline");
    expect(client.getQueryData(key)).toEqual([1, 4]);
    await client.fetchQuery({ queryKey: key, queryFn: async () => [5], staleTime: 0 });
    expect(client.getQueryData(key)).toEqual([5]);
  });
});
