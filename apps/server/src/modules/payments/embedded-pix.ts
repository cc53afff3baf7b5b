import { createStaticPix, hasError } from "pix-utils";
import { AppError } from "../../http/app-error.js";
import type { ChargeRequest, ChargeState, IssuedCharge, PaymentProvider } from "./provider.js";
import { randomTxid } from "./provider.js";

/** The receiver printed in the code: the platform's pixKey, pixMerchantName and pixMerchantCity settings. */
export interface PixReceiver {
  pixKey: string | null | undefined;
  merchantName: string | null | undefined;
  merchantCity: string | null | undefined;
}

/** A static BR Code's txid (tag 62, field 05) holds at most 25 characters. */
const STATIC_TXID_LENGTH = 25;

/**
 * The default provider, no account needed: a static PIX code (EMV BR Code,
 * CRC16 included) made here by pix-utils from the platform's key, with the
 * charge's amount and txid, so the payer's bank shows the amount and the
 * receiver's statement the txid. Nobody tells us of the payment: the super
 * admin, seeing it in the bank, marks the invoice paid.
 */
export class EmbeddedPix implements PaymentProvider {
  readonly name = "embedded";
  readonly chargeLifetimeSeconds = null;

  constructor(private readonly receiver: () => Promise<PixReceiver>) {}

  newTxid(): string {
    return randomTxid(STATIC_TXID_LENGTH);
  }

  async createCharge(request: ChargeRequest): Promise<IssuedCharge> {
    const { pixKey, merchantName, merchantCity } = await this.receiver();
    if (!pixKey || !merchantName || !merchantCity)
      throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", {
        message: "The platform's PIX key, merchant name and city are not set (settings, platform group)",
      });
    const pix = createStaticPix({
      pixKey,
      merchantName,
      merchantCity,
      transactionAmount: request.amountCents / 100,
      txid: request.txid,
      infoAdicional: request.description,
    });
    if (hasError(pix))
      throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", { message: `PIX code refused: ${pix.message}` });
    return { code: pix.toBRCode() };
  }

  async status(): Promise<ChargeState> {
    return { paid: false };
  }

  async cancelCharge(): Promise<void> {}

  acceptsWebhookSecret(): boolean {
    return false;
  }
}
