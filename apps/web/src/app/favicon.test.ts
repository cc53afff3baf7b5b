import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const web = join(__dirname, "..", "..");

describe("favicon", () => {
  it("index.html names the SVG favicon that public/ ships (WhitelabelHead swaps it for the whitelabel's)", () => {
    const html = readFileSync(join(web, "index.html"), "utf8");
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" \/>/);
    const svg = new DOMParser().parseFromString(
      readFileSync(join(web, "public", "favicon.svg"), "utf8"),
      "image/svg+xml",
    );
    expect(svg.querySelector("parsererror")).toBeNull();
    expect(svg.documentElement.nodeName).toBe("svg");
    expect(svg.documentElement.getAttribute("viewBox")).toBe("0 0 32 32");
  });
});
