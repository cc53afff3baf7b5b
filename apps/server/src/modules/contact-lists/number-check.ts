import type { WhatsappSessionManager } from "../../channels/whatsapp/session-manager.js";
import { normalizePhone } from "../../ingest/phone.js";
import type { NumberChecker } from "./import.js";

/** Numbers per onWhatsApp query: WhatsApp answers a usync query of a few dozen users promptly. */
const CHUNK = 50;

/**
 * isWhatsappValid from Baileys' `onWhatsApp`, through a connected QR-code session of the company
 * running in this process. The Cloud API has no such lookup, so numbers stay unchecked (null) when
 * the company has no such session here. Answers are normalised as the asked numbers are (WhatsApp
 * may answer a Brazilian mobile without its ninth digit); a number WhatsApp does not answer for is
 * one it does not know.
 */
export function whatsappNumberChecker(sessions: Pick<WhatsappSessionManager, "onWhatsApp">): NumberChecker {
  return async (companyId, numbers) => {
    const result = new Map<string, boolean>();
    for (let start = 0; start < numbers.length; start += CHUNK) {
      const chunk = numbers.slice(start, start + CHUNK);
      const answers = await sessions.onWhatsApp(companyId, chunk);
      if (!answers) return start === 0 ? null : result;
      const known = new Map(answers.map((answer) => [normalizePhone(answer.digits), answer.exists]));
      for (const number of chunk) result.set(number, known.get(number) ?? false);
    }
    return result;
  };
}
