import type { LoginResponse, SignupBody, SignupResponse, UserDto } from "@inbox/shared";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../../auth/passwords.js";
import type { RateLimiter } from "../../auth/rate-limiter.js";
import type { TokenService } from "../../auth/tokens.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { CompaniesRepo } from "../companies/repo.js";
import { presentUser } from "../users/presenter.js";
import { UsersRepo } from "../users/repo.js";
import type { RecoveryMail } from "./recovery-mail.js";
import { AuthRepo } from "./repo.js";
import { signUp } from "./signup.js";

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  realtime: Realtime;
  /** Queues password-recovery mails (recovery-mail.ts). */
  recoveryMail: Pick<RecoveryMail, "request">;
}

export interface SessionResult extends LoginResponse {
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** A refresh token spent this recently is a race between two tabs, not a theft. */
const REUSE_GRACE_MS = 20_000;

export class AuthService {
  private readonly repo: AuthRepo;
  private readonly users: UsersRepo;
  private readonly companies: CompaniesRepo;

  constructor(private readonly deps: AuthServiceDeps) {
    this.repo = new AuthRepo(deps.db);
    this.users = new UsersRepo(deps.db);
    this.companies = new CompaniesRepo(deps.db);
  }

  async login(email: string, password: string, ip: string): Promise<SessionResult> {
    const { rateLimiter, config } = this.deps;
    await rateLimiter.hit(`login:ip:${ip}`, config.RATE_LIMIT_PER_IP);
    await rateLimiter.hit(`login:email:${email}`, config.RATE_LIMIT_PER_EMAIL);
    const user = await this.users.findByEmail(email);
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid)
      throw new AppError("ERR_INVALID_CREDENTIALS", { message: "Invalid e-mail or password" });
    const company = await this.companies.findWithPlan(user.companyId);
    if (!company?.company.status)
      throw new AppError("ERR_NO_PERMISSION", { message: "This company is inactive" });

    const refresh = this.deps.tokens.newRefreshToken();
    const refreshExpiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000);
    const tokenVersion = await this.repo.startSession(user, refresh.hash, refreshExpiresAt);
    await this.companies.touchLastLogin(user.companyId);
    // Any tab still signed in as this user hears it was replaced, then its socket closes.
    await this.deps.realtime.endOlderSessions(user.companyId, user.id, tokenVersion);
    return {
      ...(await this.session(user.companyId, user.id)),
      refreshToken: refresh.token,
      refreshExpiresAt,
    };
  }

  /** POST /auth/signup: a new company on a public plan with its admin (signup.ts). */
  signup(input: SignupBody, ip: string): Promise<SignupResponse> {
    return signUp(this.deps, input, ip);
  }

  async refresh(refreshToken: string | undefined): Promise<SessionResult> {
    if (!refreshToken) throw new AppError("ERR_INVALID_REFRESH_TOKEN");
    const { tokens, config } = this.deps;
    const row = await this.repo.findRefresh(tokens.hashOpaque(refreshToken));
    if (!row) throw new AppError("ERR_INVALID_REFRESH_TOKEN");
    if (row.revokedAt) {
      // A spent token presented again after the grace period: assume it was stolen and end the session.
      if (Date.now() - row.revokedAt.getTime() > REUSE_GRACE_MS) {
        const version = await this.repo.endAllSessions(row.companyId, row.userId);
        await this.deps.realtime.endOlderSessions(row.companyId, row.userId, version);
      }
      throw new AppError("ERR_INVALID_REFRESH_TOKEN");
    }
    const user = await this.users.findForAuth(row.userId);
    if (
      !user ||
      user.companyId !== row.companyId ||
      user.tokenVersion !== row.tokenVersion ||
      row.expiresAt < new Date()
    ) {
      throw new AppError("ERR_INVALID_REFRESH_TOKEN");
    }
    const next = tokens.newRefreshToken();
    const refreshExpiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000);
    if (!(await this.repo.rotateRefresh(row, next.hash, refreshExpiresAt)))
      throw new AppError("ERR_INVALID_REFRESH_TOKEN");
    return { ...(await this.session(user.companyId, user.id)), refreshToken: next.token, refreshExpiresAt };
  }

  async logout(ctx: RequestContext): Promise<void> {
    const version = await this.repo.endAllSessions(ctx.companyId, ctx.user.id);
    await this.deps.realtime.endOlderSessions(ctx.companyId, ctx.user.id, version, { announce: false });
    const user = await this.users.findById(ctx.companyId, ctx.user.id);
    if (user)
      this.deps.realtime.toCompany(ctx.companyId, "user", { action: "update", user: presentUser(user) });
  }

  async me(ctx: RequestContext): Promise<UserDto> {
    return this.presentWithCompany(ctx.companyId, ctx.user.id);
  }

  /**
   * Always the same work and the same answer, whether or not the e-mail
   * exists: the address is queued and the mail goes out in a job (recovery-mail.ts).
   */
  async recoverPassword(email: string, ip: string): Promise<void> {
    const { rateLimiter, config } = this.deps;
    await rateLimiter.hit(`recover:ip:${ip}`, config.RATE_LIMIT_PER_IP);
    await rateLimiter.hit(`recover:email:${email}`, config.RATE_LIMIT_PER_EMAIL);
    await this.deps.recoveryMail.request(email);
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const { rateLimiter, config, tokens } = this.deps;
    await rateLimiter.hit(`reset:ip:${ip}`, config.RATE_LIMIT_PER_IP);
    const hash = tokens.hashOpaque(token);
    await rateLimiter.hit(`reset:token:${hash}`, config.RATE_LIMIT_PER_EMAIL);
    const owner = await this.repo.consumeResetToken(hash);
    if (!owner) throw new AppError("ERR_INVALID_RESET_TOKEN", { message: "Link inválido" });
    await this.repo.setPassword(owner.companyId, owner.userId, await hashPassword(password));
    const version = await this.repo.endAllSessions(owner.companyId, owner.userId);
    await this.deps.realtime.endOlderSessions(owner.companyId, owner.userId, version);
  }

  private async session(companyId: number, userId: number): Promise<LoginResponse> {
    const user = await this.presentWithCompany(companyId, userId);
    const token = await this.deps.tokens.signAccess({
      userId,
      companyId,
      tokenVersion: user.tokenVersion ?? 0,
    });
    return { token, user };
  }

  private async presentWithCompany(companyId: number, userId: number): Promise<UserDto> {
    const user = await this.users.findById(companyId, userId);
    if (!user) throw new AppError("ERR_SESSION_EXPIRED");
    const company = await this.companies.companyRef(companyId);
    return presentUser(user, { company, includeTokenVersion: true });
  }
}
