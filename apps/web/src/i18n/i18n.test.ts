import { ERROR_CODES } from "@inbox/shared";
import { describe, expect, it } from "vitest";
import en from "./locales/en";
import es from "./locales/es";
import pt from "./locales/pt";
import tr from "./locales/tr";

/** Every leaf key of a nested translation object, as dotted paths. */
function leafKeys(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof child === "object" && child !== null ? leafKeys(child, path) : [path];
  });
}

function leafValue(value: object, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], value);
}

describe("translations", () => {
  const ptKeys = leafKeys(pt);

  it.each([
    ["en", en],
    ["es", es],
    ["tr", tr],
  ])("%s has every key of pt, with a non-empty text", (_name, locale) => {
    const keys = leafKeys(locale);
    expect(ptKeys.filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !ptKeys.includes(key))).toEqual([]);
    for (const key of ptKeys) {
      const text = leafValue(locale, key);
      expect(typeof text === "string" && text.trim().length > 0, key).toBe(true);
    }
  });

  it("translates every error code of the shared catalogue", () => {
    for (const code of ERROR_CODES) {
      expect(ptKeys, code).toContain(`errors.${code}`);
    }
  });

  it("keeps the spec's Portuguese wording for the session and access messages", () => {
    expect(pt.auth.sessionElsewhere).toBe("Sua conta foi acessada em outro computador.");
    expect(pt.forbidden.title).toBe("Oops! Acesso Negado!");
    expect(pt.users.deleteMessage).toBe("Deseja realmente excluir esse registro?");
  });
});
