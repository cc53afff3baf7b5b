import {
  CONTACT_LIST_UPLOAD_MAX_BYTES,
  contactListImportDto,
  contactListImportParams,
  contactListItemDto,
  contactListItemPageDto,
  contactListItemSchema,
  contactListItemsQuery,
  contactListPickerQuery,
  contactListRecordDto,
  contactListRecordsPageDto,
  contactListSchema,
  contactListsQuery,
  idParam,
  PHONE_NUMBER_RULE,
} from "@inbox/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import {
  maskContactListImport,
  maskContactListItem,
  maskContactListItemPage,
} from "../../privacy/number-masks.js";
import { EXAMPLE_FILE_NAME, exampleSpreadsheet } from "./example.js";
import type { SpreadsheetUpload } from "./import.js";
import type { ContactListsService } from "./service.js";

const messageDto = z.object({ message: z.string() });
const gated = { planFeature: "useCampaigns" } as const;
const ITEMS = "Needs the plan flag useCampaigns and a profile other than user (spec 3 section 6).";

/**
 * Contact lists and their items (spec 3 section 7). Thin: parse, call the service, answer. Every
 * route needs the plan flag useCampaigns (ERR_PLAN_NO_CAMPAIGNS otherwise: http/plan-gate.ts).
 */
export function contactListsRoutes(service: ContactListsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/contact-lists",
      {
        config: gated,
        schema: {
          description:
            "One page (20) of the company's contact lists by name, with each list's contactsCount; " +
            "searchParam matches the name. Needs the plan flag useCampaigns.",
          querystring: contactListsQuery,
          response: { 200: contactListRecordsPageDto },
        },
      },
      (req) => service.lists(req.ctx, req.query),
    );

    app.get(
      "/contact-lists/list",
      {
        config: gated,
        schema: {
          description: "Every contact list of the company by name (pickers); companyId is ignored.",
          querystring: contactListPickerQuery,
          response: { 200: z.array(contactListRecordDto) },
        },
      },
      (req) => service.allLists(req.ctx),
    );

    app.get(
      "/contact-lists/example",
      {
        config: gated,
        schema: {
          description:
            "The example spreadsheet (.xlsx): the header row the import reads (name, number, email) and two rows.",
        },
      },
      async (_req, reply) =>
        reply
          .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", `attachment; filename="${EXAMPLE_FILE_NAME}"`)
          .header("cache-control", "no-store")
          .send(await exampleSpreadsheet()),
    );

    app.get(
      "/contact-lists/:id",
      {
        config: { ...gated, owner: "contactList" },
        schema: { params: idParam, response: { 200: contactListRecordDto } },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/contact-lists",
      { config: gated, schema: { body: contactListSchema, response: { 201: contactListRecordDto } } },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/contact-lists/:id",
      {
        config: { ...gated, owner: "contactList" },
        schema: { params: idParam, body: contactListSchema, response: { 200: contactListRecordDto } },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/contact-lists/:id",
      {
        config: { ...gated, owner: "contactList" },
        schema: {
          description: "Deletes the list with its items and imports. Admins only (ERR_NO_PERMISSION).",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Contact list deleted" };
      },
    );

    app.post(
      "/contact-lists/:id/upload",
      {
        config: { ...gated, owner: "contactList", numbers: maskContactListImport },
        schema: {
          description:
            "Multipart `file`: an .xlsx or .xls spreadsheet (type read from its bytes, at most 20 MB) whose " +
            "first row names the columns (name/nome, number/numero, email). Answers 202 with the queued " +
            "import; a job reads it and company-{id}-contactListImport carries its progress. Valid rows are " +
            "kept (numbers read as POST /contact-list-items reads them; a row whose number cannot be a phone " +
            "number is refused as NUMBER_INVALID) and every refused row is reported with its line and reason (docs/CONTACT-LISTS.md, Import: the " +
            `rule). ${ITEMS}`,
          params: idParam,
          response: { 202: contactListImportDto },
        },
      },
      async (req, reply) => {
        const upload = await readSpreadsheet(req);
        return reply.status(202).send(await service.upload(req.ctx, req.params.id, upload));
      },
    );

    app.get(
      "/contact-lists/:id/imports/latest",
      {
        config: { ...gated, owner: "contactList", numbers: maskContactListImport },
        schema: {
          description: `The list's latest import with its refused rows, or null. ${ITEMS}`,
          params: idParam,
          response: { 200: contactListImportDto.nullable() },
        },
      },
      (req) => service.latestImport(req.ctx, req.params.id),
    );

    app.get(
      "/contact-lists/:id/imports/:importId",
      {
        config: { ...gated, owner: "contactListImport", numbers: maskContactListImport },
        schema: {
          description: `One import: its state, counters and every refused row (line, reason). ${ITEMS}`,
          params: contactListImportParams,
          response: { 200: contactListImportDto },
        },
      },
      (req) => service.importOf(req.ctx, req.params.id, req.params.importId),
    );

    app.get(
      "/contact-list-items",
      {
        config: { ...gated, numbers: maskContactListItemPage },
        schema: {
          description: `One page (20) of a list's items by name; searchParam matches name or number. ${ITEMS}`,
          querystring: contactListItemsQuery,
          response: { 200: contactListItemPageDto },
        },
      },
      (req) => service.items(req.ctx, req.query),
    );

    app.get(
      "/contact-list-items/:id",
      {
        config: { ...gated, owner: "contactListItem", numbers: maskContactListItem },
        schema: { params: idParam, response: { 200: contactListItemDto } },
      },
      (req) => service.item(req.ctx, req.params.id),
    );

    app.post(
      "/contact-list-items",
      {
        config: { ...gated, numbers: maskContactListItem },
        schema: {
          description:
            `Adds a person to contactListId. ${PHONE_NUMBER_RULE} A number the list holds answers ` +
            "ERR_DUPLICATED_CONTACT. isWhatsappValid is " +
            `set when a connected WhatsApp (QR code) session of the company can check it. ${ITEMS}`,
          body: contactListItemSchema,
          response: { 201: contactListItemDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.createItem(req.ctx, req.body)),
    );

    app.put(
      "/contact-list-items/:id",
      {
        config: { ...gated, owner: "contactListItem", numbers: maskContactListItem },
        schema: {
          description: `${PHONE_NUMBER_RULE} The stored number sent back unchanged is kept. ${ITEMS}`,
          params: idParam,
          body: contactListItemSchema,
          response: { 200: contactListItemDto },
        },
      },
      (req) => service.updateItem(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/contact-list-items/:id",
      {
        config: { ...gated, owner: "contactListItem" },
        schema: {
          description: "Removes the item. Admins only (ERR_NO_PERMISSION).",
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.deleteItem(req.ctx, req.params.id);
        return { message: "Contact deleted" };
      },
    );
  };
}

/** The `file` part, as a stream the importer saves (other parts are refused: one file per import). */
async function readSpreadsheet(req: FastifyRequest): Promise<SpreadsheetUpload | undefined> {
  if (!req.isMultipart())
    throw new AppError("ERR_VALIDATION", { field: "file", message: "Send multipart/form-data" });
  const part = await req.file({ limits: { fileSize: CONTACT_LIST_UPLOAD_MAX_BYTES, files: 1 } });
  if (!part) return undefined;
  if (part.fieldname !== "file") {
    part.file.resume();
    return undefined;
  }
  return { fileName: part.filename || "contacts.xlsx", stream: part.file };
}
