import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenService } from "./tokens.js";

const SECRET = "access-secret-for-tests-0123456789";
const claims = { userId: 7, companyId: 3, tokenVersion: 2 };

function service(kept?: number) {
  return new TokenService(SECRET, "refresh-secret", 60, kept);
}

/** The same token with one character of its signature changed. */
function altered(token: string): string {
  const last = token.at(-2) === "A" ? "B" : "A";
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe("TokenService.verifyAccess", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a signed token's claims, again from memory, until the second it expires", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T12:00:00.000Z"), toFake: ["Date"] });
    const tokens = service();
    const token = await tokens.signAccess(claims);
    const first = await tokens.verifyAccess(token);
    expect(first).toMatchObject(claims);
    expect(first?.expiresAt).toBe(Date.parse("2026-11-29T12:01:00.000Z"));
    expect(tokens.rememberedTokens).toBe(1);

    vi.setSystemTime(new Date("2026-11-29T12:00:59.999Z"));
    expect(await tokens.verifyAccess(token)).toMatchObject(claims);
    // jose's rule: expired once the current second reaches `exp`, remembered or not.
    vi.setSystemTime(new Date("2026-11-29T12:01:00.000Z"));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await service().verifyAccess(token)).toBeNull();
    expect(tokens.rememberedTokens).toBe(0);
  });

  it("refuses an altered or foreign token even while the genuine one is remembered", async () => {
    const tokens = service();
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).not.toBeNull();

    expect(await tokens.verifyAccess(altered(token))).toBeNull();
    const foreign = await new TokenService("another-secret-0123456789abcdef", "r", 60).signAccess(claims);
    expect(await tokens.verifyAccess(foreign)).toBeNull();
    expect(await tokens.verifyAccess(`${token}x`)).toBeNull();
    expect(tokens.rememberedTokens).toBe(1);
  });

  it("refuses a token signed with the right key but without an expiry", async () => {
    const forever = await new SignJWT({ cid: 3, tv: 2 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("7")
      .sign(new TextEncoder().encode(SECRET));
    const tokens = service();
    expect(await tokens.verifyAccess(forever)).toBeNull();
    expect(tokens.rememberedTokens).toBe(0);
  });

  it("remembers at most the tokens it is given room for, forgetting the oldest", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-29T12:00:00.000Z"), toFake: ["Date"] });
    const tokens = service(2);
    const issued: string[] = [];
    for (const userId of [1, 2, 3]) {
      issued.push(await tokens.signAccess({ ...claims, userId }));
      expect(await tokens.verifyAccess(issued.at(-1) as string)).toMatchObject({ userId });
    }
    expect(tokens.rememberedTokens).toBe(2);
    // The forgotten one is verified again (and still valid), taking the oldest remaining one's place.
    expect(await tokens.verifyAccess(issued[0] as string)).toMatchObject({ userId: 1 });
    expect(tokens.rememberedTokens).toBe(2);
  });
});
