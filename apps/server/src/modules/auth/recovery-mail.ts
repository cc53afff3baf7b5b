import type { TokenService } from "../../auth/tokens.js";
import type { Db } from "../../db/client.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { Mailer } from "../../mail/mailer.js";
import { UsersRepo } from "../users/repo.js";
import { AuthRepo } from "./repo.js";

export const RECOVERY_MAIL = "auth.recovery-mail";
/** pg-boss retries: about 2, 4, 8… s apart (jittered), 8 times, about 17 minutes at most. */
export const RECOVERY_MAIL_RETRIES = { retryLimit: 8, retryDelay: 2, retryBackoff: true } as const;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The password-recovery mail, out of the request: POST /auth/recover-password
 * only queues the address (the same work, the same answer, for known and
 * unknown addresses); the `auth.recovery-mail` job finds the user, makes a
 * reset link and sends it. An SMTP failure is logged and the job retried;
 * each attempt makes its own link (one never mailed is never known).
 */
export class RecoveryMail {
  private jobs?: Jobs;
  private readonly users: UsersRepo;
  private readonly auth: AuthRepo;

  constructor(
    private readonly deps: {
      db: Db;
      tokens: TokenService;
      mailer: Mailer;
      publicUrl: string;
      logger: Logger;
    },
  ) {
    this.users = new UsersRepo(deps.db);
    this.auth = new AuthRepo(deps.db);
  }

  attach(jobs: Jobs): void {
    this.jobs = jobs;
  }

  /** Queues the mail. With jobs off (development, some tests) it is sent in the background, once. */
  async request(email: string): Promise<void> {
    if (this.jobs) {
      await this.jobs.send(RECOVERY_MAIL, { email }, RECOVERY_MAIL_RETRIES);
      return;
    }
    void this.deliver(email).catch(() => {});
  }

  /** One attempt: nothing for an unknown address; throws (after logging) when SMTP fails, so the job retries. */
  async deliver(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      this.deps.logger.info({ email }, "password recovery asked for an unknown e-mail: nothing sent");
      return;
    }
    const { token, hash } = this.deps.tokens.newRefreshToken();
    await this.auth.createResetToken(
      user.companyId,
      user.id,
      hash,
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send({
        to: user.email,
        subject: "Recuperação de senha",
        text: `Olá ${user.name},\n\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora):\n${link}\n\nSe você não pediu, ignore este e-mail.`,
      });
    } catch (err) {
      this.deps.logger.warn({ err, userId: user.id }, "the password recovery mail could not be sent");
      throw err;
    }
  }
}
