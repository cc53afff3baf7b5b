import { afterEach, describe, expect, it, vi } from "vitest";
import { throttledErrors } from "./socket-server.js";

describe("throttledErrors (Redis errors while it is away)", () => {
  afterEach(() => vi.useRealTimers());

  it("logs the first error at once, then one line per period with how many happened", () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const lines: { failed: number; message: string }[] = [];
    const logger = { error: (obj: { failed: number }, message: string) => lines.push({ ...obj, message }) };
    const failed = throttledErrors(logger, "redis publisher error", 10_000);

    failed(new Error("ECONNREFUSED"));
    expect(lines).toEqual([expect.objectContaining({ failed: 1, message: "redis publisher error" })]);
    // A reconnection attempt every 500 ms for 9.5 s: no new line.
    for (let t = 500; t < 10_000; t += 500) {
      vi.setSystemTime(t);
      failed(new Error("ECONNREFUSED"));
    }
    expect(lines).toHaveLength(1);
    vi.setSystemTime(10_000);
    failed(new Error("ECONNREFUSED"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ failed: 20 });
  });
});
