import {
  CONTACT_LIST_PAGE_SIZE,
  type ContactListImportDto,
  type ContactListInput,
  type ContactListItemDto,
  type ContactListItemInput,
  type ContactListRecord,
} from "@inbox/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/app-error.js";
import type { RequestContext } from "../../http/context.js";
import type { PhoneCountries } from "../settings/phone-country.js";
import type { ContactListEvents } from "./events.js";
import type { ContactListImporter, NumberChecker, SpreadsheetUpload } from "./import.js";
import { authorize } from "./policy.js";
import { presentContactList, presentContactListItem, presentImport } from "./presenter.js";
import { ContactListsRepo } from "./repo.js";

export interface ContactListsServiceDeps {
  db: Db;
  events: ContactListEvents;
  importer: ContactListImporter;
  checkNumbers?: NumberChecker;
  /** The company's phoneDefaultCountry: typed numbers are stored as E.164 digits read in it. */
  phones: PhoneCountries;
}

interface PageQuery {
  searchParam: string;
  pageNumber: number;
}

/**
 * Contact lists and their items (spec 3 sections 2 to 7): every state change goes through here and
 * is announced on company-{id}-ContactList / -ContactListItem. Spreadsheet import: import.ts.
 */
export class ContactListsService {
  readonly repo: ContactListsRepo;

  constructor(private readonly deps: ContactListsServiceDeps) {
    this.repo = new ContactListsRepo(deps.db);
  }

  async lists(ctx: RequestContext, query: PageQuery) {
    const size = CONTACT_LIST_PAGE_SIZE;
    const { rows, count } = await this.repo.lists(ctx.companyId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { records: rows.map(presentContactList), count, hasMore: query.pageNumber * size < count };
  }

  async allLists(ctx: RequestContext): Promise<ContactListRecord[]> {
    return (await this.repo.allLists(ctx.companyId)).map(presentContactList);
  }

  async show(ctx: RequestContext, id: number): Promise<ContactListRecord> {
    return presentContactList(await this.findList(ctx, id));
  }

  async create(ctx: RequestContext, input: ContactListInput): Promise<ContactListRecord> {
    const id = await this.repo.insertList(ctx.companyId, input.name);
    const record = presentContactList(await this.findList(ctx, id));
    this.deps.events.list(ctx.companyId, { action: "create", record });
    return record;
  }

  async update(ctx: RequestContext, id: number, input: ContactListInput): Promise<ContactListRecord> {
    if (!(await this.repo.renameList(ctx.companyId, id, input.name))) throw listNotFound();
    const record = presentContactList(await this.findList(ctx, id));
    this.deps.events.list(ctx.companyId, { action: "update", record });
    return record;
  }

  async delete(ctx: RequestContext, id: number): Promise<void> {
    authorize(ctx.user, "contactList:delete");
    if (!(await this.repo.deleteList(ctx.companyId, id))) throw listNotFound();
    this.deps.events.list(ctx.companyId, { action: "delete", id });
  }

  async items(ctx: RequestContext, query: PageQuery & { contactListId: number }) {
    authorize(ctx.user, "contactListItems:use");
    await this.findList(ctx, query.contactListId);
    const size = CONTACT_LIST_PAGE_SIZE;
    const { rows, count } = await this.repo.items(ctx.companyId, query.contactListId, query.searchParam, {
      number: query.pageNumber,
      size,
    });
    return { contacts: rows.map(presentContactListItem), count, hasMore: query.pageNumber * size < count };
  }

  async item(ctx: RequestContext, id: number): Promise<ContactListItemDto> {
    authorize(ctx.user, "contactListItems:use");
    const row = await this.repo.item(ctx.companyId, id);
    if (!row) throw itemNotFound();
    return presentContactListItem(row);
  }

  async createItem(ctx: RequestContext, input: ContactListItemInput): Promise<ContactListItemDto> {
    authorize(ctx.user, "contactListItems:use");
    await this.findList(ctx, input.contactListId);
    const number = await this.freeNumber(ctx, input.contactListId, input.number);
    const row = await this.repo
      .insertItem(ctx.companyId, input.contactListId, {
        name: input.name,
        number,
        email: input.email,
        isWhatsappValid: await this.validity(ctx.companyId, number),
      })
      .catch(duplicate);
    const record = presentContactListItem(row);
    await this.deps.events.item(ctx.companyId, { action: "create", record });
    await this.deps.events.listChanged(ctx.companyId, input.contactListId);
    return record;
  }

  async updateItem(
    ctx: RequestContext,
    id: number,
    input: ContactListItemInput,
  ): Promise<ContactListItemDto> {
    authorize(ctx.user, "contactListItems:use");
    const current = await this.repo.item(ctx.companyId, id);
    if (!current) throw itemNotFound();
    await this.findList(ctx, input.contactListId);
    // The item's stored number sent back unchanged is kept as it is (older items may predate E.164).
    const typed = input.number.replace(/\D/g, "") === current.number ? current.number : input.number;
    const number = await this.freeNumber(ctx, input.contactListId, typed, id);
    const recheck = number !== current.number;
    const row = await this.repo
      .updateItem(ctx.companyId, id, {
        name: input.name,
        number,
        email: input.email,
        contactListId: input.contactListId,
        ...(recheck ? { isWhatsappValid: await this.validity(ctx.companyId, number) } : {}),
      })
      .catch(duplicate);
    if (!row) throw itemNotFound();
    const record = presentContactListItem(row);
    await this.deps.events.item(ctx.companyId, { action: "update", record });
    if (current.contactListId !== row.contactListId) {
      await this.deps.events.listChanged(ctx.companyId, current.contactListId);
      await this.deps.events.listChanged(ctx.companyId, row.contactListId);
    }
    return record;
  }

  async deleteItem(ctx: RequestContext, id: number): Promise<void> {
    authorize(ctx.user, "contactListItems:use");
    authorize(ctx.user, "contactListItem:delete");
    const row = await this.repo.deleteItem(ctx.companyId, id);
    if (!row) throw itemNotFound();
    await this.deps.events.item(ctx.companyId, { action: "delete", id, contactListId: row.contactListId });
    await this.deps.events.listChanged(ctx.companyId, row.contactListId);
  }

  /** POST /contact-lists/{id}/upload: the import is queued; its progress and result come live. */
  async upload(
    ctx: RequestContext,
    id: number,
    upload: SpreadsheetUpload | undefined,
  ): Promise<ContactListImportDto> {
    authorize(ctx.user, "contactListItems:use");
    await this.findList(ctx, id);
    if (!upload) throw new AppError("ERR_VALIDATION", { field: "file", message: "Required" });
    return this.deps.importer.start(ctx, id, upload);
  }

  async importOf(
    ctx: RequestContext,
    contactListId: number,
    importId: number,
  ): Promise<ContactListImportDto> {
    authorize(ctx.user, "contactListItems:use");
    const row = await this.repo.importOf(ctx.companyId, importId);
    if (!row || row.contactListId !== contactListId)
      throw new AppError("ERR_NOT_FOUND", { message: "Import not found" });
    return presentImport(row);
  }

  async latestImport(ctx: RequestContext, contactListId: number): Promise<ContactListImportDto | null> {
    authorize(ctx.user, "contactListItems:use");
    await this.findList(ctx, contactListId);
    const row = await this.repo.latestImport(ctx.companyId, contactListId);
    return row ? presentImport(row) : null;
  }

  private async findList(ctx: RequestContext, id: number) {
    const row = await this.repo.list(ctx.companyId, id);
    if (!row) throw listNotFound();
    return row;
  }

  /**
   * The number as E.164 digits in the company's country (400 ERR_WAPP_INVALID_CONTACT when it cannot be
   * one), if no other item of the list holds it (ERR_DUPLICATED_CONTACT).
   */
  private async freeNumber(ctx: RequestContext, contactListId: number, typed: string, itemId?: number) {
    const number = await this.deps.phones.e164(ctx.companyId, typed);
    const holder = await this.repo.itemByNumber(ctx.companyId, contactListId, number);
    if (holder && holder.id !== itemId) throw duplicateError();
    return number;
  }

  private async validity(companyId: number, number: string): Promise<boolean | null> {
    if (!this.deps.checkNumbers) return null;
    const answers = await this.deps.checkNumbers(companyId, [number]).catch(() => null);
    return answers?.get(number) ?? null;
  }
}

const listNotFound = () => new AppError("ERR_NOT_FOUND", { message: "Contact list not found" });
const itemNotFound = () => new AppError("ERR_NOT_FOUND", { message: "Contact list item not found" });
const duplicateError = () =>
  new AppError("ERR_DUPLICATED_CONTACT", { field: "number", message: "This number is already in the list" });

/** Two requests adding the same number at once: the unique index answers for the slower one. */
function duplicate(err: unknown): never {
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ??
    (err as { cause?: { code?: string } }).cause?.code;
  if (code === "23505") throw duplicateError();
  throw err;
}
