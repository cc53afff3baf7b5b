import { describe, expect, it } from "vitest";
import { formatRecordingTime, recordingFile } from "./use-audio-recorder";

describe("recordingFile", () => {
  it("names and types a recording for what the browser recorded", () => {
    const cases = [
      ["audio/webm;codecs=opus", "audio-7.webm"], // Chromium
      ["audio/ogg; codecs=opus", "audio-7.ogg"], // Firefox
      ["audio/mp4;codecs=mp4a.40.2", "audio-7.m4a"], // Safari
    ] as const;
    for (const [type, name] of cases) {
      const file = recordingFile(new Blob(["x"], { type }), 7);
      expect([file.name, file.type]).toEqual([name, type]);
    }
  });

  it("declares a recording without a type as audio (the server must not take it for a video)", () => {
    const file = recordingFile(new Blob(["x"]), 7);
    expect([file.name, file.type]).toEqual(["audio-7.webm", "audio/webm"]);
  });

  it("shows the time as mm:ss", () => {
    expect(formatRecordingTime(65)).toBe("01:05");
  });
});
