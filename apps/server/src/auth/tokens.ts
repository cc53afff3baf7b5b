import { createHmac, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
}

/** Signs and verifies the short-lived access JWT; the refresh token is opaque. */
export class TokenService {
  private readonly accessKey: Uint8Array;

  constructor(
    accessSecret: string,
    private readonly refreshSecret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.accessKey = new TextEncoder().encode(accessSecret);
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
  async verifyAccess(token: string): Promise<(AccessClaims & { expiresAt: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, { algorithms: ["HS256"] });
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
