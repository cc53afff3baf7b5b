import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./i18n";
import { z } from "zod";
import { App } from "./app/App";

// The server's CSP allows no eval: zod's compiled parsers would try `Function("")` and log a violation.
z.config({ jitless: true });

const root = document.getElementById("root");
if (!root) throw new Error("index.html must contain #root");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
