import { timingSafeEqual } from "node:crypto";
import { amountToCents, centsToAmount } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import { type ClientCertificate, type JsonResponse, requestJson } from "./http-json.js";
import type { ChargeRequest, ChargeState, IssuedCharge, PaymentProvider } from "./provider.js";
import { randomTxid } from "./provider.js";

export interface EfiOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  webhookSecret: string;
  certificate?: ClientCertificate;
  /** Seconds a charge can be paid (calendario.expiracao). */
  expiresSeconds: number;
}

/** Efí takes a txid of 26 to 35 alphanumeric characters on PUT /v2/cob/{txid}. */
const EFI_TXID_LENGTH = 32;

interface Cob {
  txid?: string;
  status?: string;
  valor?: { original?: string };
  loc?: { id?: number };
  pixCopiaECola?: string;
  pix?: { endToEndId?: string; txid?: string; valor?: string }[];
}

/**
 * Efí (formerly Gerencianet) PIX API, the provider the Whaticket family
 * uses: OAuth client credentials (POST /oauth/token), an immediate charge
 * created with our txid (PUT /v2/cob/{txid}), its copy-and-paste code
 * (pixCopiaECola, or GET /v2/loc/{id}/qrcode), and its state (GET
 * /v2/cob/{txid}: CONCLUIDA once paid). Webhooks only say "look at txid X":
 * the state is always read back here.
 */
export class EfiPix implements PaymentProvider {
  readonly name = "efi";
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: EfiOptions) {}

  get chargeLifetimeSeconds(): number {
    return this.options.expiresSeconds;
  }

  newTxid(): string {
    return randomTxid(EFI_TXID_LENGTH);
  }

  async createCharge(request: ChargeRequest): Promise<IssuedCharge> {
    const cob = (await this.call("PUT", `/v2/cob/${encodeURIComponent(request.txid)}`, {
      calendario: { expiracao: this.options.expiresSeconds },
      devedor: { ...request.payer.taxId, nome: request.payer.name.slice(0, 200) },
      valor: { original: centsToAmount(request.amountCents) },
      chave: this.options.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    })) as Cob;
    if (cob.pixCopiaECola) return { code: cob.pixCopiaECola };
    if (!cob.loc?.id) throw providerError("the charge came back without a location");
    const qr = (await this.call("GET", `/v2/loc/${cob.loc.id}/qrcode`)) as { qrcode?: string };
    if (!qr.qrcode) throw providerError("the location came back without a code");
    return { code: qr.qrcode };
  }

  async status(txid: string): Promise<ChargeState> {
    const cob = (await this.call("GET", `/v2/cob/${encodeURIComponent(txid)}`)) as Cob;
    // A charge of another txid (a confused or hostile answer) confirms nothing.
    if (cob.txid !== undefined && cob.txid !== txid) return { paid: false };
    const amountCents = cob.valor?.original ? amountToCents(cob.valor.original) : undefined;
    return {
      paid: cob.status === "CONCLUIDA",
      ...(amountCents !== undefined && !Number.isNaN(amountCents) ? { amountCents } : {}),
      ...(cob.pix?.[0]?.endToEndId ? { endToEndId: cob.pix[0].endToEndId } : {}),
    };
  }

  /** PATCH /v2/cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR: Efí refuses payments of it from then on. */
  async cancelCharge(txid: string): Promise<void> {
    await this.call("PATCH", `/v2/cob/${encodeURIComponent(txid)}`, {
      status: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
    });
  }

  acceptsWebhookSecret(secret: string): boolean {
    const expected = Buffer.from(this.options.webhookSecret);
    const given = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64");
    const res = await this.send(
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials" },
      `Basic ${basic}`,
    );
    const body = res.body as { access_token?: string; expires_in?: number } | null;
    if (res.status !== 200 || !body?.access_token)
      throw providerError(`authentication refused (${describe(res)})`);
    // Renewed a minute early, so a call never carries a token that expires on the way.
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000,
    };
    return this.token.value;
  }

  private async call(method: "GET" | "PUT" | "PATCH", path: string, body?: unknown): Promise<unknown> {
    let res = await this.send(method, path, body, `Bearer ${await this.accessToken()}`);
    if (res.status === 401) {
      // The token was revoked or expired early: one new token, one retry.
      this.token = undefined;
      res = await this.send(method, path, body, `Bearer ${await this.accessToken()}`);
    }
    if (res.status < 200 || res.status >= 300) throw providerError(describe(res));
    return res.body;
  }

  private async send(
    method: "GET" | "POST" | "PUT" | "PATCH",
    path: string,
    body: unknown,
    authorization: string,
  ) {
    try {
      return await requestJson(new URL(path, this.options.apiUrl), {
        method,
        body,
        headers: { authorization },
        certificate: this.options.certificate,
      });
    } catch (error) {
      throw providerError(`unreachable: ${(error as Error).message}`);
    }
  }
}

function describe(res: JsonResponse): string {
  const body = res.body as { nome?: string; mensagem?: string; error_description?: string } | null;
  const reason =
    body && typeof body === "object" ? (body.mensagem ?? body.error_description ?? body.nome) : "";
  return `${res.status}${reason ? `: ${String(reason).slice(0, 200)}` : ""}`;
}

const providerError = (reason: string) =>
  new AppError("ERR_PAYMENT_PROVIDER", { message: `The payment provider failed: ${reason}` });
