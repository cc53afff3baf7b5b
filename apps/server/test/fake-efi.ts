import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createDynamicPix } from "pix-utils";

/**
 * A local stand-in for Efí's PIX API, written from its published API (the
 * BCB PIX API shapes Efí serves): OAuth client credentials, PUT and GET
 * /v2/cob/{txid}, GET /v2/loc/{id}/qrcode, and the webhook Efí posts to the
 * registered address plus `/pix`. Tests (and the e2e suite, through
 * fake-efi-cli.ts) pay a charge with `pay` or `POST /_fake/pay-all`.
 */
export interface FakeEfiCob {
  calendario: { criacao: string; expiracao: number };
  txid: string;
  revisao: number;
  loc: { id: number; location: string; tipoCob: "cob"; criacao: string };
  location: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR";
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola?: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface FakeEfi {
  url: string;
  cobs: Map<string, FakeEfiCob>;
  /** Calls received, "METHOD path", in order. */
  calls: string[];
  /** Pays a charge (status CONCLUIDA, one pix entry) and posts the webhook when an address is set. */
  pay(txid: string, options?: { amount?: string }): Promise<void>;
  /** Where the webhook goes (Efí appends /pix). */
  webhookUrl: string | undefined;
  /** Leave pixCopiaECola out of PUT /v2/cob answers (older API versions): clients must read the location. */
  omitCopyPaste: boolean;
  close(): Promise<void>;
}

const CLIENT_ID = "Client_Id_fake";
const CLIENT_SECRET = "Client_Secret_fake";
export const FAKE_EFI_CREDENTIALS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

export async function startFakeEfi(options: { port?: number; webhookUrl?: string } = {}): Promise<FakeEfi> {
  const tokens = new Set<string>();
  const cobs = new Map<string, FakeEfiCob>();
  const locs = new Map<number, string>();
  const calls: string[] = [];
  let nextLoc = 1;

  const fake: FakeEfi = {
    url: "",
    cobs,
    calls,
    webhookUrl: options.webhookUrl,
    omitCopyPaste: false,
    async pay(txid, payOptions = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`fake Efí: no charge ${txid}`);
      const pix = {
        endToEndId: `E${Date.now()}${randomUUID().replaceAll("-", "").slice(0, 10)}`,
        txid,
        valor: payOptions.amount ?? cob.valor.original,
        horario: new Date().toISOString(),
      };
      cob.status = "CONCLUIDA";
      cob.pix = [pix];
      if (fake.webhookUrl)
        await fetch(`${fake.webhookUrl}/pix`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ pix: [pix] }),
        });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const locationOf = (id: number) => `${fake.url.replace(/^https?:\/\//, "")}/v2/loc/${id}`;
  const codeOf = (location: string) => {
    const pix = createDynamicPix({ merchantName: "EFI FAKE", merchantCity: "SAO PAULO", url: location });
    if ("error" in pix) throw new Error(pix.message);
    return pix.toBRCode();
  };

  async function handle(req: IncomingMessage, res: ServerResponse, body: unknown) {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    calls.push(`${req.method} ${path}`);
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method === "GET" && path === "/_fake/health") return send(200, { ok: true });
    if (req.method === "POST" && path === "/_fake/pay-all") {
      const paid: string[] = [];
      for (const cob of cobs.values())
        if (cob.status === "ATIVA") {
          await fake.pay(cob.txid);
          paid.push(cob.txid);
        }
      return send(200, { paid });
    }
    if (req.method === "POST" && path === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
      if (
        req.headers.authorization !== expected ||
        (body as { grant_type?: string })?.grant_type !== "client_credentials"
      )
        return send(401, { error: "invalid_client", error_description: "Invalid or inactive credentials" });
      const token = randomUUID();
      tokens.add(token);
      return send(200, {
        access_token: token,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "cob.read cob.write",
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !tokens.has(bearer))
      return send(401, { nome: "nao_autorizado", mensagem: "Token inválido" });

    const cobPath = /^\/v2\/cob\/([^/]+)$/.exec(path);
    if (cobPath && req.method === "PUT") {
      const txid = decodeURIComponent(cobPath[1] as string);
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
        return send(400, {
          nome: "valor_invalido",
          mensagem: "txid deve ter entre 26 e 35 caracteres alfanuméricos",
        });
      if (cobs.has(txid))
        return send(400, { nome: "txid_duplicado", mensagem: "Campo txid informado já foi utilizado" });
      const input = body as Partial<FakeEfiCob> & { calendario?: { expiracao?: number } };
      if (!/^\d{1,10}\.\d{2}$/.test(input?.valor?.original ?? "") || !input?.chave)
        return send(400, { nome: "json_invalido", mensagem: "Valor ou chave inválidos" });
      const id = nextLoc++;
      const now = new Date().toISOString();
      const location = locationOf(id);
      locs.set(id, txid);
      const cob: FakeEfiCob = {
        calendario: { criacao: now, expiracao: input.calendario?.expiracao ?? 86400 },
        txid,
        revisao: 0,
        loc: { id, location, tipoCob: "cob", criacao: now },
        location,
        status: "ATIVA",
        ...(input.devedor ? { devedor: input.devedor } : {}),
        valor: { original: input.valor!.original! },
        chave: input.chave,
        ...(input.solicitacaoPagador ? { solicitacaoPagador: input.solicitacaoPagador } : {}),
        pixCopiaECola: codeOf(location),
      };
      cobs.set(txid, cob);
      const { pixCopiaECola, ...withoutCode } = cob;
      return send(201, fake.omitCopyPaste ? withoutCode : { ...withoutCode, pixCopiaECola });
    }
    if (cobPath && req.method === "GET") {
      const cob = cobs.get(decodeURIComponent(cobPath[1] as string));
      return cob
        ? send(200, cob)
        : send(404, { nome: "cobranca_nao_encontrada", mensagem: "Cobrança não encontrada" });
    }
    if (cobPath && req.method === "PATCH") {
      // Efí's revision of a charge; the only status a receiver may set is REMOVIDA_PELO_USUARIO_RECEBEDOR.
      const cob = cobs.get(decodeURIComponent(cobPath[1] as string));
      if (!cob) return send(404, { nome: "cobranca_nao_encontrada", mensagem: "Cobrança não encontrada" });
      const input = body as { status?: string } | null;
      if (input?.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR" || cob.status !== "ATIVA")
        return send(400, { nome: "cobranca_em_status_invalido", mensagem: "Status inválido" });
      cob.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
      cob.revisao += 1;
      return send(200, cob);
    }
    const qrPath = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path);
    if (qrPath && req.method === "GET") {
      const txid = locs.get(Number(qrPath[1]));
      const cob = txid ? cobs.get(txid) : undefined;
      if (!cob) return send(404, { nome: "location_nao_encontrada", mensagem: "Location não encontrada" });
      return send(200, {
        qrcode: cob.pixCopiaECola,
        imagemQrcode: "data:image/png;base64,",
        linkVisualizacao: `${fake.url}/v2/loc/${cob.loc.id}/visualizar`,
      });
    }
    return send(404, { nome: "nao_encontrado", mensagem: `${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      handle(req, res, body).catch((error: Error) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ nome: "erro_interno", mensagem: error.message }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
