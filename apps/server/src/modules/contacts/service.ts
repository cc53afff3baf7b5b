import {
  type ContactCreateInput,
  type ContactDto,
  type ContactEventPayload,
  type ContactList,
  type ContactListQuery,
  type ContactRefDto,
  type ContactUpdateInput,
  LIMITS,
  toE164Digits,
} from "@inbox/shared";
import type { Db, Tx } from "../../db/client.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import { normalizePhone } from "../../ingest/phone.js";
import { maskContactRef } from "../../privacy/number-masks.js";
import type { NumberPrivacy } from "../../privacy/number-privacy.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { TicketEvents } from "../../realtime/ticket-events.js";
import type { PhoneCountries } from "../settings/phone-country.js";
import { presentTicket } from "../tickets/presenter.js";
import { authorize } from "./policy.js";
import { presentContact, presentContactPick } from "./presenter.js";
import { ContactsRepo, type ContactWithRefs, type NewContact } from "./repo.js";

export interface ContactsServiceDeps {
  db: Db;
  realtime: Realtime;
  /** Deleting a contact deletes its tickets: the lists that hold them hear it. */
  events: TicketEvents;
  /** LGPD: who may search and change numbers, and what contact events carry. */
  numbers: NumberPrivacy;
  /** The company's phoneDefaultCountry: typed numbers are stored as E.164 digits read in it. */
  phones: PhoneCountries;
}

/** Contacts created by hand are WhatsApp contacts (the contact modal has a phone number field). */
const MANUAL_CHANNEL = "whatsapp";

/** Every state change of a contact goes through here: rules, duplicates, events (company-{id}-contact). */
export class ContactsService {
  readonly repo: ContactsRepo;

  constructor(private readonly deps: ContactsServiceDeps) {
    this.repo = new ContactsRepo(deps.db);
  }

  async list(ctx: RequestContext, query: ContactListQuery): Promise<ContactList> {
    const pageSize = LIMITS.pageSize;
    const masked = await this.masksFor(ctx);
    const { rows, count, hasMore } = await this.repo.list(
      ctx.companyId,
      { search: query.searchParam, searchNumbers: !masked, channel: query.channel, isGroup: query.isGroup },
      { number: query.pageNumber, size: pageSize },
    );
    return {
      contacts: rows.map(presentContact),
      count,
      hasMore,
    };
  }

  async listAll(ctx: RequestContext, search: string): Promise<ContactRefDto[]> {
    const masked = await this.masksFor(ctx);
    const rows = await this.repo.listAll(ctx.companyId, search, !masked);
    return rows.map(presentContactPick);
  }

  async show(ctx: RequestContext, id: number): Promise<ContactDto> {
    return this.present(ctx, await this.find(ctx, id));
  }

  /**
   * GET /contacts/profile/{number}: the WhatsApp contact with that number, however it is typed.
   * A user who sees masked numbers may not look contacts up by number (LGPD): it would tell whose it is.
   */
  async showByNumber(ctx: RequestContext, rawNumber: string): Promise<ContactDto> {
    if (await this.masksFor(ctx)) throw new AppError("ERR_NO_CONTACT_FOUND");
    const parsed = toE164Digits(rawNumber, await this.deps.phones.country(ctx.companyId));
    const number = parsed.ok ? parsed.digits : normalizePhone(rawNumber);
    const row = number ? await this.repo.findByNumber(ctx.companyId, MANUAL_CHANNEL, number) : undefined;
    if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
    return this.show(ctx, row.id);
  }

  async create(ctx: RequestContext, input: ContactCreateInput): Promise<ContactDto> {
    const number = await this.deps.phones.e164(ctx.companyId, input.number);
    const values: NewContact = {
      name: input.name,
      number,
      email: input.email,
      disableBot: input.disableBot,
      channel: MANUAL_CHANNEL,
      ...(input.acceptAudioMessage === undefined ? {} : { acceptAudioMessage: input.acceptAudioMessage }),
      ...(input.walletUserId ? { walletUserId: input.walletUserId } : {}),
    };
    if (values.walletUserId) authorize(ctx.user, "contact:setWallet");
    const id = await this.withDuplicateCheck(() =>
      this.deps.db.transaction(async (tx) => {
        if (await this.repo.findByNumber(ctx.companyId, MANUAL_CHANNEL, number, tx)) throw duplicated();
        await this.checkWallet(tx, ctx.companyId, values.walletUserId);
        return this.repo.insert(tx, ctx.companyId, values, input.extraInfo);
      }),
    );
    const contact = await this.find(ctx, id);
    await this.announce(ctx.companyId, "create", contact);
    return this.present(ctx, contact);
  }

  async update(ctx: RequestContext, id: number, input: ContactUpdateInput): Promise<ContactDto> {
    const target = await this.find(ctx, id);
    const { extraInfo, number: typedNumber, walletUserId, ...fields } = input;
    const values: Partial<NewContact> = { ...fields };
    // The modal sends the wallet back as it was: only a change needs an admin.
    if (walletUserId !== undefined && walletUserId !== target.walletUserId) {
      authorize(ctx.user, "contact:setWallet");
      values.walletUserId = walletUserId;
    }
    // A user who sees masked numbers sends the mask back: the number is not theirs to change.
    if (typedNumber !== undefined && !(await this.masksFor(ctx))) {
      const number = await this.typedNumber(ctx, target, typedNumber);
      if (number !== target.number) values.number = number;
    }
    await this.withDuplicateCheck(() =>
      this.deps.db.transaction(async (tx) => {
        if (values.number !== undefined) {
          const other = await this.repo.findByNumber(ctx.companyId, target.channel, values.number, tx);
          if (other && other.id !== id) throw duplicated();
        }
        await this.checkWallet(tx, ctx.companyId, values.walletUserId);
        await this.repo.update(tx, ctx.companyId, id, values, extraInfo);
      }),
    );
    return this.changed(ctx, id);
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorize(ctx.user, "contact:delete");
    const tickets = await this.repo.ticketsOf(ctx.companyId, id);
    if (!(await this.repo.delete(ctx.companyId, id))) throw new AppError("ERR_NO_CONTACT_FOUND");
    this.emit(ctx.companyId, { action: "delete", contactId: id });
    // The tickets went with the contact (ON DELETE CASCADE).
    for (const ticket of tickets) this.deps.events.ticketDeleted(ctx.companyId, presentTicket(ticket));
  }

  /** PUT /contacts/block/{id}: active false blocks the contact, true unblocks it. */
  async setActive(ctx: RequestContext, id: number, active: boolean): Promise<ContactDto> {
    await this.find(ctx, id);
    await this.deps.db.transaction((tx) => this.repo.update(tx, ctx.companyId, id, { active }));
    return this.changed(ctx, id);
  }

  async toggle(
    ctx: RequestContext,
    id: number,
    flag: "acceptAudioMessage" | "disableBot",
  ): Promise<ContactDto> {
    if (!(await this.repo.toggle(ctx.companyId, id, flag))) throw new AppError("ERR_NO_CONTACT_FOUND");
    return this.changed(ctx, id);
  }

  /** After any change (here or in tags): reload, tell the company, answer the caller's view. */
  async changed(ctx: RequestContext, id: number): Promise<ContactDto> {
    const contact = await this.find(ctx, id);
    await this.announce(ctx.companyId, "update", contact);
    return this.present(ctx, contact);
  }

  /**
   * The number an edit stores: E.164 digits for a person's WhatsApp number; the
   * stored one sent back unchanged (the modal sends every field) is kept as it
   * is, and group ids and Messenger/Instagram ids are not phone numbers.
   */
  private async typedNumber(ctx: RequestContext, target: ContactWithRefs, typed: string): Promise<string> {
    const digits = typed.replace(/\D/g, "");
    if (target.channel !== MANUAL_CHANNEL || target.isGroup || digits === target.number) return digits;
    return this.deps.phones.e164(ctx.companyId, typed);
  }

  /** A wallet user must be a user of the company (held until the write commits). */
  private async checkWallet(tx: Tx, companyId: number, userId: number | null | undefined): Promise<void> {
    if (userId && !(await this.repo.hasUser(tx, companyId, userId)))
      throw new AppError("ERR_NOT_FOUND", { status: 400, field: "walletUserId", message: "Unknown user" });
  }

  async find(ctx: RequestContext, id: number): Promise<ContactWithRefs> {
    const contact = await this.repo.findById(ctx.companyId, id);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    return contact;
  }

  /** Whole: the route masks the number for the reader (config.numbers). */
  private async present(_ctx: RequestContext, contact: ContactWithRefs): Promise<ContactDto> {
    return presentContact(contact);
  }

  private masksFor(ctx: RequestContext): Promise<boolean> {
    return this.deps.numbers.masksFor(ctx);
  }

  /**
   * company-{id}-contact. When the company hides numbers (LGPD), ordinary
   * users' sockets get the masked number and the others the whole one
   * (Realtime toCompanyByNumbers): a plain company-wide emit would hand
   * everyone the whole one.
   */
  private async announce(
    companyId: number,
    action: "create" | "update",
    contact: ContactWithRefs,
  ): Promise<void> {
    const whole: ContactEventPayload = { action, contact: presentContact(contact) };
    const hides = await this.deps.numbers.hides(companyId);
    this.deps.realtime.toCompanyByNumbers(companyId, "contact", {
      whole,
      ...(hides ? { masked: { action, contact: maskContactRef(whole.contact) } } : {}),
    });
  }

  private emit(companyId: number, payload: ContactEventPayload): void {
    this.deps.realtime.toCompany(companyId, "contact", payload);
  }

  private async withDuplicateCheck<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // Two creates of one number at once: the unique index lets one through.
      if (isUniqueViolation(error, "contacts_company_channel_number_key")) throw duplicated();
      throw error;
    }
  }
}

const duplicated = () =>
  new AppError("ERR_DUPLICATED_CONTACT", {
    field: "number",
    message: "A contact with this number already exists.",
  });
