import { createHmac, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
}

type VerifiedClaims = AccessClaims & { expiresAt: number };

/** How many verified access tokens are remembered: a few per signed-in user and process. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and verifies the short-lived access JWT; the refresh token is opaque. */
export class TokenService {
  private readonly accessKey: Uint8Array;
  /**
   * Tokens already verified, with their claims, oldest first. A client sends the same token with
   * every request until it refreshes it, and verifying its signature (jose over WebCrypto: a key
   * import and an asynchronous job) was a tenth of a list read's server time. A token is only ever
   * found here by its whole text, which its signature covers, so a forged or altered one always
   * goes through jose; the one check that changes with time, expiry, is made again on each use.
   */
  private readonly verified = new Map<string, VerifiedClaims>();

  constructor(
    accessSecret: string,
    private readonly refreshSecret: string,
    private readonly accessTtlSeconds: number,
    private readonly verifiedKept = VERIFIED_TOKENS_KEPT,
  ) {
    this.accessKey = new TextEncoder().encode(accessSecret);
  }

  /** How many verified tokens are remembered (bounded by `verifiedKept`). */
  get rememberedTokens(): number {
    return this.verified.size;
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cid: claims.companyId, tv: claims.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.accessKey);
  }

  /** The claims, or `null` when the token is malformed, forged or expired. */
  async verifyAccess(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (!expired(known.expiresAt)) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.verifyWithJose(token);
    if (claims) this.remember(token, claims);
    return claims;
  }

  private remember(token: string, claims: VerifiedClaims): void {
    if (this.verified.size >= this.verifiedKept) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, Object.freeze(claims));
  }

  private async verifyWithJose(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, {
        algorithms: ["HS256"],
        requiredClaims: ["exp"],
      });
      const userId = Number(payload.sub);
      const companyId = Number(payload.cid);
      const tokenVersion = Number(payload.tv);
      if (!Number.isInteger(userId) || !Number.isInteger(companyId) || !Number.isInteger(tokenVersion))
        return null;
      return { userId, companyId, tokenVersion, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** A new opaque refresh token and the hash to store (keyed, so a leaked table cannot be replayed). */
  newRefreshToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString("base64url");
    return { token, hash: this.hashOpaque(token) };
  }

  hashOpaque(token: string): string {
    return createHmac("sha256", this.refreshSecret).update(token).digest("base64url");
  }
}

/** jose's rule for `exp`, without clock tolerance: expired once the current second reaches it. */
function expired(expiresAt: number): boolean {
  return Math.floor(Date.now() / 1000) >= Math.floor(expiresAt / 1000);
}
