import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import "../i18n";
import { setPreferenceOwner } from "../app/preferences";
import { takeUnknownRequests } from "./unknown-request";

// What @xyflow/react (the flow editor's canvas) measures with and jsdom lacks: sizes stay zero.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
globalThis.DOMMatrixReadOnly ??= class {
  m22 = 1;
} as unknown as typeof DOMMatrixReadOnly;

afterEach(() => {
  cleanup();
  localStorage.clear();
  setPreferenceOwner(null);
  const unknown = takeUnknownRequests();
  if (unknown.length > 0) {
    throw new Error(`Requests the fake server does not know (add a handler):\n  ${unknown.join("\n  ")}`);
  }
});
