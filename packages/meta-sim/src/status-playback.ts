/** Status webhooks the sim plays back for our server's sends: autoStatuses and the phone page's read receipts. */
import { type AnyEventSpec, contactKey, type SimCore } from "./core.js";
import { errors } from "./errors.js";
import type { Account, AutoStatusOptions, DeliveryResult, SimGraphError } from "./types.js";

/**
 * Cloud API: sent, delivered, read (or sent then failed). Messenger: echo,
 * delivery { mids }, read { watermark }. Instagram: echo, read { mid }.
 */
export async function playStatuses(
  core: SimCore,
  account: Account,
  recipient: string,
  id: string,
  text: string,
  options: AutoStatusOptions,
): Promise<void> {
  const delay = options.delayMs ?? 20;
  const step = async (specs: AnyEventSpec[]) => {
    await core.sleep(delay);
    if (!core.closed) await core.emit(account.accountId, specs);
  };
  if (account.channel === "whatsappapi") {
    const status = (status: "sent" | "delivered" | "read" | "failed", failure?: SimGraphError) =>
      ({
        type: "status",
        id,
        status,
        recipientId: recipient,
        ...(failure ? { errors: failure } : {}),
      }) as const;
    if (options.sent ?? true) await step([status("sent")]);
    if (options.failed) {
      await step([status("failed", options.failed === true ? errors.reEngagement : options.failed)]);
      return;
    }
    if (options.delivered ?? true) await step([status("delivered")]);
    if (options.read) await step([status("read")]);
    return;
  }
  if (options.echo) await step([{ type: "echo", from: recipient, mid: id, text }]);
  if (account.channel === "facebook") {
    if (options.delivered ?? true) {
      await step([{ type: "delivery", from: recipient, mids: [id], watermark: Date.now() }]);
    }
    if (options.read) await step([{ type: "read", from: recipient, watermark: Date.now() }]);
  } else if (options.read) {
    await step([{ type: "read", from: recipient, mid: id }]);
  }
}

/** The contact opens the chat: read statuses (Cloud, Instagram) or a read watermark (Messenger). */
export async function readAll(
  core: SimCore,
  accountId: string,
  contact: string,
): Promise<DeliveryResult | undefined> {
  const account = core.requireAccount(accountId);
  const unread = core.conversations
    .list(accountId, contactKey(contact))
    .filter(
      (item) =>
        item.direction === "out" &&
        item.type !== "reaction" &&
        item.status !== "read" &&
        item.status !== "failed",
    );
  if (!unread.length) return undefined;
  if (account.channel === "whatsappapi") {
    return core.emit(
      accountId,
      unread.map((item) => ({ type: "status", id: item.id, status: "read", recipientId: contact })),
    );
  }
  if (account.channel === "facebook") {
    return core.emit(accountId, [{ type: "read", from: contact, watermark: Date.now() }]);
  }
  return core.emit(
    accountId,
    unread.map((item) => ({ type: "read", from: contact, mid: item.id })),
  );
}
