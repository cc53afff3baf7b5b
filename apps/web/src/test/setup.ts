import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import "../i18n";
import { takeUnknownRequests } from "./unknown-request";

afterEach(() => {
  cleanup();
  localStorage.clear();
  const unknown = takeUnknownRequests();
  if (unknown.length > 0) {
    throw new Error(`Requests the fake server does not know (add a handler):\n  ${unknown.join("\n  ")}`);
  }
});
