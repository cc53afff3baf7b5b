import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const tempDir = () => mkdtempSync(join(tmpdir(), "inbox-config-"));

describe("configuration", () => {
  it("stops a production start without JWT secrets, with a clear message", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(
      /JWT_SECRET and JWT_REFRESH_SECRET must be set/,
    );
  });

  it("in embedded mode generates the secrets once and reuses them", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(second.JWT_REFRESH_SECRET).toBe(first.JWT_REFRESH_SECRET);
    expect(JSON.parse(readFileSync(join(dir, "secrets.json"), "utf8")).jwtSecret).toBe(first.JWT_SECRET);
  });

  it("uses PGlite without DATABASE_URL and PostgreSQL with it", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).databaseKind).toBe("pglite");
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://x@localhost/db" }).databaseKind).toBe(
      "postgres",
    );
  });

  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: "http://localhost:8080",
      ADMIN_EMAIL: "admin@admin.com",
      JOBS_ENABLED: true,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty", DATA_DIR: tempDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: "short", DATA_DIR: tempDir() })).toThrow(
      /JWT_SECRET must be at least 32/,
    );
  });

  it("production with secrets does not write a secrets file", () => {
    const dir = tempDir();
    loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dir,
      JWT_SECRET: "a".repeat(32),
      JWT_REFRESH_SECRET: "b".repeat(32),
    });
    expect(existsSync(join(dir, "secrets.json"))).toBe(false);
  });

  it("CORS_ORIGINS is a list of origins, empty by default, refusing what is not an http(s) URL", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).CORS_ORIGINS).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: " https://app.example.com/, http://localhost:5173 ,," })
        .CORS_ORIGINS,
    ).toEqual(["https://app.example.com", "http://localhost:5173"]);
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: "app.example.com" })).toThrow(
      /CORS_ORIGINS/,
    );
  });
});
