import {
  amountToCents,
  centsToAmount,
  customPlanPriceCents,
  type InvoicePaidDto,
  type SubscriptionChargeDto,
  type SubscriptionCheckDto,
  type SubscriptionCreate,
  taxIdOf,
} from "@inbox/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { Realtime } from "../../realtime/realtime.js";
import { type PaidCustomPlan, payInvoice } from "../invoices/pay.js";
import type { PaymentProvider } from "../payments/provider.js";
import { authorizeMarkPaid } from "./policy.js";
import { type ChargeRow, type InvoiceRow, SubscriptionRepo } from "./repo.js";

const invoiceNotFound = () =>
  new AppError("ERR_NOT_FOUND", { field: "invoiceId", message: "Invoice not found" });
const alreadyPaid = () =>
  new AppError("ERR_INVOICE_ALREADY_PAID", { field: "invoiceId", message: "This invoice is already paid" });

/** The webhook's body as Efí posts it: `{ pix: [{ txid, endToEndId, valor, horario }] }` (only txid is used). */
export interface PixWebhookBody {
  pix?: { txid?: string }[];
}

/**
 * The checkout (spec 2 sections 2 to 9; docs/PAYMENTS.md): a PIX charge for
 * one of the company's unpaid invoices, priced here (never by the client), a
 * check the page polls, the provider's webhook, and the super admin's manual
 * confirmation. A payment is believed only when the provider, asked again,
 * says the charge is paid with its full amount; then payInvoice (idempotent
 * under the invoice's lock) marks the invoice and moves the due date once.
 */
export class SubscriptionService {
  private readonly repo: SubscriptionRepo;

  constructor(
    private readonly deps: {
      db: Db;
      realtime: Realtime;
      provider: PaymentProvider;
      logger: FastifyBaseLogger;
    },
  ) {
    this.repo = new SubscriptionRepo(deps.db);
  }

  /**
   * One payable charge per invoice: a checkout for the amount of the invoice's open charge (same
   * provider, not expired) answers that charge again; another amount (a different custom plan) issues
   * a new charge and supersedes the open ones, withdrawn at the provider after commit. The provider is
   * called outside any transaction (no lock held over the network); the charge is then written under
   * the invoice's row lock, which decides between two checkouts at once: the later one finds the
   * first's charge, answers it, and withdraws the charge it had issued.
   */
  async create(ctx: RequestContext, input: SubscriptionCreate): Promise<SubscriptionChargeDto> {
    const { provider } = this.deps;
    const found = await this.deps.db.transaction(async (tx) => {
      const invoice = await this.openInvoice(tx, ctx.companyId, input.invoiceId);
      const priced = priceOf(invoice, input);
      const open = await this.repo.openCharges(tx, ctx.companyId, invoice.id);
      return { invoice, priced, reusable: this.reusable(open, priced) };
    });
    if (found.reusable) return answer(found.reusable);
    const { invoice, priced } = found;

    const txid = provider.newTxid();
    const issued = await provider.createCharge({
      txid,
      amountCents: priced.amountCents,
      payer: { name: `${input.firstName} ${input.lastName}`.trim(), taxId: taxIdOf(input.zipcode) },
      description: `Fatura ${invoice.id}`,
    });
    const ours = { provider: provider.name, txid } as ChargeRow;
    let written: { charge: ChargeRow; superseded: ChargeRow[] };
    try {
      written = await this.deps.db.transaction(async (tx) => {
        await this.openInvoice(tx, ctx.companyId, invoice.id);
        const open = await this.repo.openCharges(tx, ctx.companyId, invoice.id);
        const raced = this.reusable(open, priced);
        if (raced) return { charge: raced, superseded: [ours] };
        const now = new Date();
        await this.repo.supersedeCharges(
          tx,
          ctx.companyId,
          open.map((c) => c.id),
          now,
        );
        const charge = await this.repo.insertCharge(tx, {
          companyId: ctx.companyId,
          invoiceId: invoice.id,
          provider: provider.name,
          txid,
          amount: centsToAmount(priced.amountCents),
          planType: input.plan.type,
          users: priced.plan.users,
          connections: priced.plan.connections,
          code: issued.code,
        });
        return { charge, superseded: open };
      });
    } catch (error) {
      await this.withdraw(ours); // paid meanwhile, or gone: the charge just issued must not stay payable
      throw error;
    }
    for (const old of written.superseded) await this.withdraw(old);
    return answer(written.charge);
  }

  /** The company's invoice, locked, and still to pay. */
  private async openInvoice(tx: Tx, companyId: number, invoiceId: number): Promise<InvoiceRow> {
    const invoice = await this.repo.lockInvoice(tx, companyId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === "paid") throw alreadyPaid();
    return invoice;
  }

  /**
   * An open charge answered again: same provider, amount and plan (two custom plans of one price are
   * different charges: paying one sets the company's limits to its users and connections).
   */
  private reusable(open: ChargeRow[], priced: Priced): ChargeRow | undefined {
    const { provider } = this.deps;
    const now = new Date();
    return open.find(
      (c) =>
        c.provider === provider.name &&
        amountToCents(c.amount) === priced.amountCents &&
        c.users === priced.plan.users &&
        c.connections === priced.plan.connections &&
        stillPayable(c, provider.chargeLifetimeSeconds, now),
    );
  }

  /**
   * Best effort: a charge that could not be withdrawn (provider down, already paid) stays payable at the
   * provider, and its payment still pays the invoice once (confirm reads superseded charges too).
   */
  private async withdraw(charge: ChargeRow): Promise<void> {
    if (charge.provider !== this.deps.provider.name) return;
    try {
      await this.deps.provider.cancelCharge(charge.txid);
    } catch (error) {
      this.deps.logger.warn(
        { chargeId: charge.id, txid: charge.txid, err: error },
        "a superseded charge could not be withdrawn at the provider",
      );
    }
  }

  /** GET /subscription/check/{id}: asks the provider about a pending charge of the company, then answers. */
  async check(ctx: RequestContext, chargeId: number): Promise<SubscriptionCheckDto> {
    const charge = await this.repo.charge(ctx.companyId, chargeId);
    if (!charge) throw new AppError("ERR_NOT_FOUND", { message: "Charge not found" });
    if (charge.status !== "paid") await this.confirm(charge);
    const invoice = await this.repo.invoice(ctx.companyId, charge.invoiceId);
    return {
      success: invoice?.status === "paid",
      company: { dueDate: await this.repo.companyDueDate(ctx.companyId) },
    };
  }

  /**
   * POST /subscription/webhook/{secret}: a call without the provider's secret is refused; with it,
   * each txid named is only a hint to ask the provider about that charge (a forged, replayed or
   * misdirected body confirms nothing the provider does not).
   */
  async webhook(secret: string, body: PixWebhookBody): Promise<void> {
    const { provider } = this.deps;
    if (!provider.acceptsWebhookSecret(secret)) throw new AppError("ERR_NO_PERMISSION");
    const txids = new Set((body.pix ?? []).map((pix) => pix.txid).filter((t): t is string => Boolean(t)));
    for (const txid of txids) {
      const charge = await this.repo.chargeByTxid(provider.name, txid);
      if (!charge) {
        this.deps.logger.warn({ txid }, "payment webhook names an unknown charge; ignored");
        continue;
      }
      if (charge.status !== "paid") await this.confirm(charge);
    }
  }

  /** PUT /invoices/{id}/paid (super): the embedded provider's confirmation, by the platform owner. */
  async markInvoicePaid(ctx: RequestContext, invoiceId: number): Promise<InvoicePaidDto> {
    authorizeMarkPaid(ctx.user);
    const invoice = await this.repo.invoiceOfAnyCompany(invoiceId);
    if (!invoice) throw new AppError("ERR_NOT_FOUND", { message: "Invoice not found" });
    // The payer's charge, if any: a custom plan's counts become the company's limits, as a confirmed PIX does.
    const charge = await this.repo.newestOpenCharge(invoice.companyId, invoice.id);
    const paid = await payInvoice(
      this.deps,
      invoice.companyId,
      invoice.id,
      new Date(),
      charge && customPlanOf(charge),
    );
    if (!paid.changed) throw alreadyPaid();
    this.deps.logger.info(
      { invoiceId, companyId: invoice.companyId, by: ctx.user.id },
      "invoice marked paid by a super user",
    );
    return { id: invoice.id, status: "paid", company: { id: invoice.companyId, dueDate: paid.dueDate } };
  }

  /** Believes the provider only: paid, and for the charge's whole amount. */
  private async confirm(charge: ChargeRow): Promise<void> {
    const state = await this.deps.provider.status(charge.txid);
    if (!state.paid) return;
    if (state.amountCents !== amountToCents(charge.amount)) {
      this.deps.logger.warn(
        { chargeId: charge.id, amountCents: state.amountCents, expected: charge.amount },
        "provider reports no or another amount for the charge; not confirmed",
      );
      return;
    }
    if (charge.status === "superseded")
      // Both the old and the new code may have been paid: the invoice is paid once, the rest is refunded by hand.
      this.deps.logger.warn(
        { chargeId: charge.id, invoiceId: charge.invoiceId, companyId: charge.companyId },
        "a superseded charge was paid; if the invoice was already paid, this money is to be refunded",
      );
    // payInvoice first: a crash before the charge's mark leaves it pending, and the next check or
    // webhook asks again and finds the invoice already paid (payInvoice changes nothing twice).
    await payInvoice(this.deps, charge.companyId, charge.invoiceId, new Date(), customPlanOf(charge));
    await this.repo.markChargePaid(charge, state.endToEndId, new Date());
  }
}

const answer = (charge: ChargeRow): SubscriptionChargeDto => ({
  id: charge.id,
  qrcode: { qrcode: charge.code },
  valor: { original: charge.amount },
});

/** A charge's custom plan (users and connections chosen at 'Personalizar'), if it carried one. */
function customPlanOf(charge: ChargeRow): PaidCustomPlan | undefined {
  if (charge.planType !== "custom" || charge.users === null || charge.connections === null) return undefined;
  return { users: charge.users, connections: charge.connections };
}

interface Priced {
  amountCents: number;
  plan: { users: number | null; connections: number | null };
}

/** What the checkout charges (docs/PAYMENTS.md, Price): the invoice's value, or the custom plan never below it. */
function priceOf(invoice: InvoiceRow, input: SubscriptionCreate): Priced {
  const invoiceCents = amountToCents(invoice.value);
  let amountCents = invoiceCents;
  let plan: { users: number | null; connections: number | null } = { users: null, connections: null };
  if (input.plan.type === "custom") {
    const users = input.users ?? invoice.users;
    const connections = input.connections ?? invoice.connections;
    amountCents = customPlanPriceCents(users, connections);
    if (amountCents < invoiceCents)
      throw new AppError("ERR_CHECKOUT_BELOW_INVOICE", {
        field: "users",
        message: `A custom plan of ${centsToAmount(amountCents)} costs less than the invoice (${invoice.value})`,
      });
    plan = { users, connections };
  }
  if (!(amountCents > 0))
    throw new AppError("ERR_VALIDATION", { field: "invoiceId", message: "This invoice has nothing to pay" });
  return { amountCents, plan };
}

/** An open charge can be answered again while the payer has time to pay it (a minute's margin). */
function stillPayable(charge: ChargeRow, lifetimeSeconds: number | null, now: Date): boolean {
  if (lifetimeSeconds === null) return true;
  return charge.createdAt.getTime() + (lifetimeSeconds - 60) * 1000 > now.getTime();
}
