import {
  idParam,
  invoicePaidDto,
  subscriptionChargeDto,
  subscriptionCheckDto,
  subscriptionCreateSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SubscriptionService } from "./service.js";

/** The checkout (spec 2 sections 3, 4, 7 and 9; docs/PAYMENTS.md). Open to an expired company: it is how it pays. */
export function subscriptionRoutes(service: SubscriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/subscription",
      {
        config: { allowExpired: true },
        schema: {
          description:
            "Any user of the company. A PIX charge for one of the company's unpaid invoices (invoiceId; another " +
            "company's or an unknown one: 404 ERR_NOT_FOUND; paid: 400 ERR_INVOICE_ALREADY_PAID). firstName " +
            "required ('O nome completo é obrigatório'); zipcode carries the payer's CPF or CNPJ, required and " +
            'checked by its check digits (\'CPF/CNPJ inválido\'). plan is serialized JSON: {"type":"invoice"} ' +
            'charges the invoice\'s value; {"type":"custom"} charges the custom plan of users and connections ' +
            "(each at least 3): 49.00 for 3 and 3, plus 11.00 per user and 20.00 per connection above 3, never " +
            "below the invoice (400 ERR_CHECKOUT_BELOW_INVOICE). price is ignored: the server prices. Card " +
            "fields are accepted and dropped. Answers the charge id, the PIX copy-and-paste code (qrcode.qrcode) " +
            'and the amount (valor.original, "49.00"). The invoice\'s open charge of the same amount is answered ' +
            "again (same id and code); another amount supersedes it (docs/PAYMENTS.md). Embedded provider without " +
            "the platform's PIX settings: " +
            "503 ERR_PAYMENT_NOT_CONFIGURED; Efí failing: 502 ERR_PAYMENT_PROVIDER.",
          body: subscriptionCreateSchema,
          response: { 200: subscriptionChargeDto },
        },
      },
      (req) => service.create(req.ctx, req.body),
    );

    app.get(
      "/subscription/check/:id",
      {
        config: { allowExpired: true, owner: "paymentCharge" },
        schema: {
          description:
            "Any user of the company: whether the charge's invoice is paid (success) and the company's due date " +
            "(moved once paid). A pending charge is first asked of the provider (Efí: CONCLUIDA for its whole " +
            "amount pays the invoice). Another company's charge: 404. The web app asks every 5 s, at most 120 times.",
          params: idParam,
          response: { 200: subscriptionCheckDto },
        },
      },
      (req) => service.check(req.ctx, req.params.id),
    );

    app.put(
      "/invoices/:id/paid",
      {
        config: { owner: "invoice" },
        schema: {
          description:
            "Super users (others: 403 ERR_NO_PERMISSION): confirms by hand the payment of any company's invoice " +
            "(the embedded PIX provider tells nobody); the due date moves by the company's recurrence. Already " +
            "paid: 400 ERR_INVOICE_ALREADY_PAID; unknown: 404.",
          params: idParam,
          response: { 200: invoicePaidDto },
        },
      },
      (req) => service.markInvoicePaid(req.ctx, req.params.id),
    );
  };
}

const webhookParams = z.object({ secret: z.string().min(1).max(200) });
/** Efí's notification; only the txids are read, and only as hints (service.webhook). */
const webhookBody = z
  .looseObject({
    pix: z
      .array(z.looseObject({ txid: z.string().max(35).optional() }))
      .max(1000)
      .optional(),
  })
  .nullish();

/**
 * The payment provider's webhook: no token, the secret in its address. Efí appends `/pix` to the
 * registered address (unless told not to), so both are served. Efí's registration test posts a body
 * without `pix`: answered 200 with the secret, like any notification.
 */
export function subscriptionWebhookRoutes(service: SubscriptionService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ["/subscription/webhook/:secret", "/subscription/webhook/:secret/pix"])
      app.post(
        url,
        {
          config: { public: true },
          schema: {
            description:
              "No token: the payment provider's webhook (`{ pix: [{ txid, endToEndId, valor, horario }] }`). A wrong " +
              "secret answers 403 and changes nothing; with the secret, each txid only makes the server ask the " +
              "provider about that charge, so a forged, replayed or misdirected notification pays nothing.",
            params: webhookParams,
            body: webhookBody,
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (req) => {
          await service.webhook(req.params.secret, req.body ?? {});
          return { received: true as const };
        },
      );
  };
}
