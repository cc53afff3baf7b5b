/** Test doubles for the browser APIs behind notifications: Web Audio and Notification. */

/** A Web Audio context that records the gain envelope and the started notes. */
export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: AudioContextState = "running";
  currentTime = 10;
  destination = {};
  peaks: number[] = [];
  started: number[] = [];
  resumed = 0;
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume() {
    this.resumed += 1;
    this.state = "running";
    return Promise.resolve();
  }
  createOscillator() {
    return {
      type: "sine",
      frequency: { value: 0 },
      connect: () => {},
      start: (at: number) => this.started.push(at),
      stop: () => {},
    };
  }
  createGain() {
    return {
      gain: {
        value: 1,
        setValueAtTime: () => {},
        linearRampToValueAtTime: (value: number) => this.peaks.push(value),
        exponentialRampToValueAtTime: () => {},
      },
      connect: () => {},
    };
  }
}

/** The Notification API: records every notification; permission set by the test. */
export class FakeNotification {
  static permission: NotificationPermission = "granted";
  static instances: FakeNotification[] = [];
  static requestPermission = async (): Promise<NotificationPermission> => FakeNotification.permission;
  onclick: ((event: Event) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.instances.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
  /** What a user's click does. */
  click() {
    this.onclick?.(new Event("click"));
  }
  static reset(permission: NotificationPermission = "granted") {
    FakeNotification.permission = permission;
    FakeNotification.instances = [];
    FakeNotification.requestPermission = async () => FakeNotification.permission;
  }
}
