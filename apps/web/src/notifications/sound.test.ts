import { afterEach, describe, expect, it, vi } from "vitest";
import { playNotificationSound, resetNotificationSound } from "./sound";
import { FakeAudioContext } from "./test-fakes";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationSound();
  FakeAudioContext.instances = [];
});

describe("playNotificationSound", () => {
  it("plays the chime with its peak at the given volume", () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    expect(playNotificationSound(0.3)).toBe(true);
    const [context] = FakeAudioContext.instances;
    expect(context?.started).toHaveLength(2);
    expect(context?.peaks).toEqual([0.3, 0.3]);
  });

  it("reuses one context and resumes it when the browser suspended it", () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    playNotificationSound(1);
    const [context] = FakeAudioContext.instances;
    if (context) context.state = "suspended";
    playNotificationSound(0.5);
    expect(FakeAudioContext.instances).toHaveLength(1);
    expect(context?.resumed).toBe(1);
    expect(context?.peaks).toEqual([1, 1, 0.5, 0.5]);
  });

  it("is silent at volume 0", () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    expect(playNotificationSound(0)).toBe(false);
    expect(FakeAudioContext.instances).toHaveLength(0);
  });

  it("only logs without the Web Audio API", () => {
    vi.stubGlobal("AudioContext", undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    expect(playNotificationSound(1)).toBe(false);
    expect(info).toHaveBeenCalled();
  });
});
