/** Just enough of a socket.io client: listeners by name, emits recorded, events pushed by the test. */
export class FakeSocket {
  connected = true;
  emitted: unknown[][] = [];
  /** Calls of connect() (a manual reconnection) and disconnect(). */
  connects = 0;
  disconnects = 0;
  private listeners = new Map<string, Set<(payload: unknown) => void>>();
  on(name: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(listener);
    return this;
  }
  off(name: string, listener: (payload: unknown) => void) {
    this.listeners.get(name)?.delete(listener);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  push(name: string, payload: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }
}
