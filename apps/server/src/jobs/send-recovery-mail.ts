import { z } from "zod";
import { RECOVERY_MAIL, type RecoveryMail } from "../modules/auth/recovery-mail.js";
import type { JobDefinition } from "./jobs.js";

const payload = z.object({ email: z.string().min(1).max(254) });

/** One password-recovery mail (modules/auth/recovery-mail.ts); a throw makes pg-boss retry it. */
export function recoveryMailJob(mail: RecoveryMail): JobDefinition<{ email: string }> {
  return {
    name: RECOVERY_MAIL,
    async handle(data) {
      const parsed = payload.safeParse(data);
      if (!parsed.success) return;
      await mail.deliver(parsed.data.email);
    },
  };
}
