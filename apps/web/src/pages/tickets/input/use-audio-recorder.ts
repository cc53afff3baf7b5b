import { useCallback, useEffect, useRef, useState } from "react";

/** 128 kbit (spec 1 section 4, audio recording). */
const AUDIO_BITS_PER_SECOND = 128_000;

/** mm:ss of a recording's seconds. */
export function formatRecordingTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The file name and type a recording travels with: mp3 for whatsapp, m4a otherwise, as the spec asks. */
export function recordingFile(blob: Blob, channel: string, now = Date.now()): File {
  const whatsapp = channel === "whatsapp";
  const extension = whatsapp ? "mp3" : "m4a";
  const type = blob.type || (whatsapp ? "audio/mpeg" : "audio/mp4");
  return new File([blob], `audio-${now}.${extension}`, { type });
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
    const media = new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
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
