import { readFileSync } from "node:fs";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { SettingsRepo } from "../settings/repo.js";
import { EfiPix } from "./efi-pix.js";
import { EmbeddedPix } from "./embedded-pix.js";
import type { ClientCertificate } from "./http-json.js";
import type { PaymentProvider } from "./provider.js";

/** The provider PAYMENT_PROVIDER names (config.ts checked that efi has its credentials). */
export function paymentProviderFor(config: Config, db: Db): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "efi") {
    return new EfiPix({
      apiUrl: config.EFI_API_URL,
      clientId: config.EFI_CLIENT_ID as string,
      clientSecret: config.EFI_CLIENT_SECRET as string,
      pixKey: config.EFI_PIX_KEY as string,
      webhookSecret: config.EFI_WEBHOOK_SECRET as string,
      expiresSeconds: config.EFI_CHARGE_EXPIRES_SECONDS,
      certificate: certificate(config),
    });
  }
  const settings = new SettingsRepo(db);
  return new EmbeddedPix(async () => {
    const [pixKey, merchantName, merchantCity] = await Promise.all(
      ["pixKey", "pixMerchantName", "pixMerchantCity"].map(
        async (key) => (await settings.platformValue(key))?.value,
      ),
    );
    return { pixKey, merchantName, merchantCity };
  });
}

function certificate(config: Config): ClientCertificate | undefined {
  if (!config.EFI_CERTIFICATE) return undefined;
  const bytes = readFileSync(config.EFI_CERTIFICATE);
  const passphrase = config.EFI_CERTIFICATE_PASSWORD;
  // A PEM file holds the certificate and its key; anything else is read as PKCS#12 (Efí hands out .p12).
  return config.EFI_CERTIFICATE.endsWith(".pem")
    ? { cert: bytes, key: bytes, passphrase }
    : { pfx: bytes, passphrase };
}
