import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { passwordResetTokens, refreshTokens, users } from "../../db/schema/index.js";
import { ofCompany, rowOf } from "../../db/tenant-scope.js";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Sessions and reset tokens. Only hashes are stored. */
export class AuthRepo {
  constructor(private readonly db: Db) {}

  /**
   * Starts a new session: bumps the token version (every older access and
   * refresh token stops working) and stores the new refresh token. Answers the
   * new version.
   */
  async startSession(
    user: { id: number; companyId: number },
    refreshHash: string,
    expiresAt: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(rowOf(users, user.companyId, user.id))
        .returning({ tokenVersion: users.tokenVersion });
      if (!row) throw new Error("user vanished while signing in");
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          ofCompany(
            refreshTokens,
            user.companyId,
            eq(refreshTokens.userId, user.id),
            isNull(refreshTokens.revokedAt),
          ),
        );
      await tx.insert(refreshTokens).values({
        companyId: user.companyId,
        userId: user.id,
        tokenHash: refreshHash,
        tokenVersion: row.tokenVersion,
        expiresAt,
      });
      return row.tokenVersion;
    });
  }

  async findRefresh(hash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);
    return row;
  }

  /**
   * Swaps one refresh token for the next, atomically: of two concurrent
   * refreshes with the same token, only one wins.
   */
  async rotateRefresh(old: RefreshTokenRow, nextHash: string, expiresAt: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.id, old.id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      if (revoked.length === 0) return false;
      await tx.insert(refreshTokens).values({
        companyId: old.companyId,
        userId: old.userId,
        tokenHash: nextHash,
        tokenVersion: old.tokenVersion,
        expiresAt,
      });
      return true;
    });
  }

  /** Ends every session of the user (logout, reuse of a spent refresh token, password reset). */
  async endAllSessions(companyId: number, userId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false })
        .where(rowOf(users, companyId, userId))
        .returning({ tokenVersion: users.tokenVersion });
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          ofCompany(
            refreshTokens,
            companyId,
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
          ),
        );
      return row?.tokenVersion ?? 0;
    });
  }

  async createResetToken(companyId: number, userId: number, hash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ companyId, userId, tokenHash: hash, expiresAt });
  }

  /**
   * Marks a valid reset token used and answers its owner; `undefined` when
   * unknown, used or expired. Every other link of that user is spent with it.
   */
  async consumeResetToken(hash: string): Promise<{ companyId: number; userId: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const owner = await this.consumeOne(tx, hash);
      if (owner)
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            ofCompany(
              passwordResetTokens,
              owner.companyId,
              eq(passwordResetTokens.userId, owner.userId),
              isNull(passwordResetTokens.usedAt),
            ),
          );
      return owner;
    });
  }

  private async consumeOne(tx: Tx, hash: string): Promise<{ companyId: number; userId: number } | undefined> {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ companyId: passwordResetTokens.companyId, userId: passwordResetTokens.userId });
    return row;
  }

  async setPassword(companyId: number, userId: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(rowOf(users, companyId, userId));
  }
}
