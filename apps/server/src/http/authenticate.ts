import type { FastifyRequest } from "fastify";
import type { TokenService } from "../auth/tokens.js";
import type { Db } from "../db/client.js";
import { UsersRepo } from "../modules/users/repo.js";
import { AppError } from "./app-error.js";
import { assertSubscriptionAllows } from "./subscription-gate.js";

/**
 * Builds `request.ctx` from the bearer token. No token: 401. A malformed or
 * expired token: 403, so the web app refreshes once and retries. A token of
 * an ended session (newer login, logout, password change): 401.
 */
export function authenticator(tokens: TokenService, db: Db) {
  const users = new UsersRepo(db);
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw new AppError("ERR_SESSION_EXPIRED", { status: 401 });
    const [scheme, token] = header.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token)
      throw new AppError("ERR_SESSION_EXPIRED", { status: 401 });
    const claims = await tokens.verifyAccess(token);
    if (!claims)
      throw new AppError("ERR_SESSION_EXPIRED", { status: 403, message: "Invalid or expired token" });
    const found = await users.findForAuthWithDueDate(claims.userId);
    const user = found?.user;
    if (!found || !user || user.companyId !== claims.companyId || user.tokenVersion !== claims.tokenVersion) {
      throw new AppError("ERR_SESSION_EXPIRED", { status: 401 });
    }
    // The one expiry check of the private scope: routes opt in with config.allowExpired.
    assertSubscriptionAllows(request.routeOptions.config, user.companyId, found.companyDueDate);
    request.ctx = { companyId: user.companyId, user, queueIds: found.queueIds };
  };
}
