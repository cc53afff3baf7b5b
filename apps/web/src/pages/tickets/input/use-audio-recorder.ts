import { useCallback, useEffect, useRef, useState } from "react";

/** 128 kbit (spec 1 section 4, audio recording). */
const AUDIO_BITS_PER_SECOND = 128_000;

/** mm:ss of a recording's seconds. */
export function formatRecordingTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * What the recorder is asked for: Opus in WebM (Chromium, Firefox, recent Safari) or Ogg. Left to
 * itself Chromium may pick `audio/mp4`, which is Opus in MP4, a file no channel plays; older Safari
 * records MP4/AAC, which every channel takes. The server converts Opus to each channel's format
 * (Ogg/Opus voice notes for WhatsApp, WAV for Messenger and Instagram).
 */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus"];

/** File extensions of the types browsers record. */
const EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/aac": "aac",
};

/**
 * The file a recording travels with, named and typed for what it is (the
 * server reads the type from the bytes and converts for the channel). A
 * recorder that gave no type is declared audio, so its container is not
 * taken for a video.
 */
export function recordingFile(blob: Blob, now = Date.now()): File {
  const base = blob.type.split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = EXTENSIONS[base] ?? "webm";
  return new File([blob], `audio-${now}.${extension}`, { type: blob.type || "audio/webm" });
}

function preferredType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== "function") return undefined;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Idle -> recording (a seconds timer) -> stop with send or cancel (spec 1
 * section 4). `stop(true)` resolves with the recorded audio, `stop(false)`
 * with null; the microphone is released either way.
 */
export function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const release = useCallback(() => {
    clearInterval(timer.current);
    for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    recorder.current = null;
    setRecording(false);
    setSeconds(0);
  }, []);

  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") recorder.current.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = preferredType();
    const media = new MediaRecorder(stream, {
      audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
      ...(mimeType ? { mimeType } : {}),
    });
    chunks.current = [];
    media.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    });
    recorder.current = media;
    media.start();
    setRecording(true);
    setSeconds(0);
    timer.current = setInterval(() => setSeconds((value) => value + 1), 1000);
  }, []);

  const stop = useCallback(
    (keep: boolean): Promise<Blob | null> => {
      const media = recorder.current;
      if (!media) return Promise.resolve(null);
      return new Promise((resolve) => {
        media.addEventListener(
          "stop",
          () => {
            const blob = new Blob(chunks.current, { type: media.mimeType });
            release();
            resolve(keep ? blob : null);
          },
          { once: true },
        );
        media.stop();
      });
    },
    [release],
  );

  return { recording, seconds, start, stop };
}
