import type {
  ContactListEventPayload,
  ContactListImportDto,
  ContactListImportEventPayload,
  ContactListItemEventPayload,
} from "@inbox/shared";
import { maskNumber } from "@inbox/shared";
import type { Db } from "../../db/client.js";
import type { NumberPrivacy } from "../../privacy/number-privacy.js";
import type { Realtime } from "../../realtime/realtime.js";
import { presentContactList } from "./presenter.js";
import { ContactListsRepo } from "./repo.js";

/** The live events of contact lists (spec 3 "Live events": ContactList, ContactListItem) and imports. */
export class ContactListEvents {
  private readonly repo: ContactListsRepo;

  constructor(private readonly deps: { db: Db; realtime: Realtime; numbers: NumberPrivacy }) {
    this.repo = new ContactListsRepo(deps.db);
  }

  list(companyId: number, payload: ContactListEventPayload): void {
    this.deps.realtime.toCompany(companyId, "ContactList", payload);
  }

  /** The list's record again (its contactsCount changed), if it still exists. */
  async listChanged(companyId: number, contactListId: number): Promise<void> {
    const row = await this.repo.list(companyId, contactListId);
    if (row) this.list(companyId, { action: "update", record: presentContactList(row) });
  }

  /** An item event: numbers whole for those who see them, masked for the others (LGPD). */
  async item(companyId: number, payload: ContactListItemEventPayload): Promise<void> {
    const hides = await this.deps.numbers.hides(companyId);
    const masked =
      hides && "record" in payload
        ? { ...payload, record: { ...payload.record, number: maskNumber(payload.record.number) } }
        : undefined;
    this.deps.realtime.toCompanyByNumbers(companyId, "ContactListItem", {
      whole: payload,
      ...(masked ? { masked } : {}),
    });
  }

  itemsReload(companyId: number, contactListId: number): void {
    const payload: ContactListItemEventPayload = { action: "reload", contactListId };
    this.deps.realtime.toCompany(companyId, "ContactListItem", payload);
  }

  /** Progress and end of an import, without its refused rows (read once at the end, they carry numbers). */
  importProgress(companyId: number, dto: ContactListImportDto): void {
    const payload: ContactListImportEventPayload = { action: "update", import: dto };
    this.deps.realtime.toCompany(companyId, "contactListImport", payload);
  }
}
