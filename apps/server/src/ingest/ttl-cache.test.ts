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
      // Entries live between half the period and the full one.
      vi.advanceTimersByTime(499);
      await cache.get("k", load);
      expect(loads).toBe(1);
      vi.advanceTimersByTime(502);
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

describe("TtlCache after expiry", () => {
  it("serves the expired value while one refresh runs, then the refreshed one; a vanished key goes", async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<string, string>(1_000);
      let loads = 0;
      let next: string | undefined = "v1";
      let release: () => void = () => {};
      const load = () => {
        loads += 1;
        const value = next;
        return loads === 1
          ? Promise.resolve(value)
          : new Promise<string | undefined>((r) => {
              release = () => r(value);
            });
      };
      expect(await cache.get("k", load)).toBe("v1");
      vi.advanceTimersByTime(1_001);
      next = "v2";
      // Expired: the old value at once, and a single refresh however many ask.
      expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual(["v1", "v1"]);
      expect(loads).toBe(2);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get("k", load)).toBe("v2");
      expect(loads).toBe(2);

      vi.advanceTimersByTime(1_001);
      next = undefined;
      expect(await cache.get("k", load)).toBe("v2");
      release();
      await vi.advanceTimersByTimeAsync(0);
      // Gone from the store, gone from the cache: the next read asks again.
      next = "v3";
      expect(await cache.get("k", () => Promise.resolve(next))).toBe("v3");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refreshes a few at a time after a quiet spell, serving every expired value meanwhile", async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<number, string>(1_000, 10_000, 2);
      const keys = Array.from({ length: 10 }, (_, i) => i);
      let version = "v1";
      let running = 0;
      let most = 0;
      const releases: (() => void)[] = [];
      const load = (key: number) => () => {
        const value = `${version}-${key}`;
        if (version === "v1") return Promise.resolve(value);
        running += 1;
        most = Math.max(most, running);
        return new Promise<string>((resolve) => {
          releases.push(() => {
            running -= 1;
            resolve(value);
          });
        });
      };
      for (const key of keys) await cache.get(key, load(key));
      vi.advanceTimersByTime(1_001);
      version = "v2";
      // Every key expired at once: each read answers its old value now; two refreshes start.
      expect(await Promise.all(keys.map((key) => cache.get(key, load(key))))).toEqual(
        keys.map((key) => `v1-${key}`),
      );
      expect(running).toBe(2);
      while (releases.length > 0) {
        releases.shift()?.();
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(most).toBe(2);
      expect(await Promise.all(keys.map((key) => cache.get(key, load(key))))).toEqual(
        keys.map((key) => `v2-${key}`),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
