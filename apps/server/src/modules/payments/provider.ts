/**
 * A payment provider behind the checkout (docs/PAYMENTS.md): it issues a PIX
 * charge for an amount and says, when asked, whether it was paid. Which one
 * runs is configuration (PAYMENT_PROVIDER). Every confirmation, whatever its
 * path, is read back from the provider and ends in payInvoice.
 */
export interface ChargeRequest {
  /** Our id of the charge at the provider (alphanumeric; its length is the provider's: newTxid). */
  txid: string;
  amountCents: number;
  payer: { name: string; taxId: { cpf: string } | { cnpj: string } };
  /** Shown to the payer by their bank. */
  description: string;
}

export interface IssuedCharge {
  /** The PIX copy-and-paste code (EMV BR Code) the payer scans or pastes. */
  code: string;
}

/** What the provider says of a charge now. */
export interface ChargeState {
  paid: boolean;
  /** The amount the provider holds for the charge, when it told us. */
  amountCents?: number;
  endToEndId?: string;
}

export interface PaymentProvider {
  readonly name: "embedded" | "efi";
  /** Seconds a charge can be paid after it is issued; null: never expires (a static code). */
  readonly chargeLifetimeSeconds: number | null;
  /** A fresh txid of the length and alphabet this provider takes. */
  newTxid(): string;
  createCharge(request: ChargeRequest): Promise<IssuedCharge>;
  /**
   * The charge's state at the provider. The embedded provider has no one to ask: it answers unpaid,
   * and the super admin confirms by hand (PUT /invoices/{id}/paid).
   */
  status(txid: string): Promise<ChargeState>;
  /**
   * Withdraws a charge a newer one replaced, so its code stops being payable where the provider can
   * do that (Efí); the embedded provider's static code cannot be withdrawn: a no-op.
   */
  cancelCharge(txid: string): Promise<void>;
  /** Whether a webhook call carries this provider's secret (constant time). No webhooks: always false. */
  acceptsWebhookSecret(secret: string): boolean;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` random alphanumeric characters (the PIX txid alphabet). */
export function randomTxid(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 62 symbols: the modulo bias (256 % 62 = 8) is irrelevant for an identifier that only needs to be unique.
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
}
