/**
 * The new-message sound: a short two-note chime made with the Web Audio API
 * (no file to download), its loudness the stored volume (0 to 1, top-bar
 * slider, localStorage `volume`). Volume 0 is silence.
 */

type AudioContextConstructor = new () => AudioContext;

/** Two notes, in Hz, and when each starts, in seconds. */
const NOTES = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.12 },
] as const;
const NOTE_SECONDS = 0.35;
/** An exponential ramp cannot reach 0. */
const SILENT = 0.0001;

let context: AudioContext | null = null;

function audioContextConstructor(): AudioContextConstructor | undefined {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Play the chime at `volume`; false when nothing was played (silence, or no Web Audio). */
export function playNotificationSound(volume: number): boolean {
  const gainValue = Math.min(1, Math.max(0, volume));
  if (!(gainValue > 0)) return false;
  const Context = audioContextConstructor();
  if (!Context) {
    console.info("[notifications] this browser has no Web Audio API; no sound played");
    return false;
  }
  try {
    context ??= new Context();
    // Browsers start a context suspended until the page had a user gesture.
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime;
    for (const note of NOTES) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = note.frequency;
      const at = start + note.at;
      gain.gain.setValueAtTime(SILENT, at);
      gain.gain.linearRampToValueAtTime(gainValue, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(SILENT, at + NOTE_SECONDS);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    }
    return true;
  } catch (error) {
    console.info("[notifications] the sound could not be played", error);
    return false;
  }
}

/** Tests: forget the audio context so the next sound builds one from the current global. */
export function resetNotificationSound(): void {
  context = null;
}
