import { describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache.js";

describe("TtlCache", () => {
  it("shares one load between concurrent misses and serves hits until expiry", async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<string, number>(1_000);
      let loads = 0;
      const load = async () => {
        loads += 1;
        return 42;
      };
      const values = await Promise.all(Array.from({ length: 10 }, () => cache.get("k", load)));
      expect(values).toEqual(Array(10).fill(42));
      expect(loads).toBe(1);
      vi.advanceTimersByTime(999);
      await cache.get("k", load);
      expect(loads).toBe(1);
      vi.advanceTimersByTime(2);
      await cache.get("k", load);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not keep absent values or failures", async () => {
    const cache = new TtlCache<string, number>(60_000);
    expect(await cache.get("k", async () => undefined)).toBeUndefined();
    expect(await cache.get("k", async () => 7)).toBe(7);
    await expect(cache.get("e", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("e", async () => 8)).toBe(8);
  });
});
