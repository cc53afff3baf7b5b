import {
  contactBlockSchema,
  contactCreateSchema,
  contactDto,
  contactListDto,
  contactListQuery,
  contactNumberParam,
  contactPickerQuery,
  contactRefDto,
  contactUpdateSchema,
  idParam,
  PHONE_NUMBER_RULE,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { maskContactList, maskContactRef, maskContactRefs } from "../../privacy/number-masks.js";
import type { ContactsService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/** What walletUserId does (issue 9 rule 4; docs/SETTINGS.md DirectTicketsToWallets). */
const WALLET_RULE =
  'walletUserId: the contact\'s wallet user, the user who owns the contact (null, false or "" clears it). Only ' +
  "admins set or change it (403 ERR_NO_PERMISSION; an unchanged value is accepted from anyone); a user of " +
  "another company answers 400 ERR_NOT_FOUND on walletUserId; deleting the user clears it. With the company's " +
  "DirectTicketsToWallets enabled, the contact's new tickets open as open for that user, in their first queue " +
  "of the connection (none when they share none), logged create then open by that user.";

/** Contacts (spec 1 section 7). Thin: parse, call the service, answer. */
export function contactsRoutes(service: ContactsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/contacts",
      {
        config: { numbers: maskContactList },
        schema: {
          description:
            "One page (40) of contacts by name; searchParam matches name or number, case-insensitively. " +
            "LGPD: when the company enables LGPD and hides numbers, an ordinary user (profile user) gets numbers " +
            "masked ('5511912**-**78') on every contacts route and searchParam matches names only.",
          querystring: contactListQuery,
          response: { 200: contactListDto },
        },
      },
      (req) => service.list(req.ctx, req.query),
    );

    app.get(
      "/contacts/list",
      {
        config: { numbers: maskContactRefs },
        schema: { querystring: contactPickerQuery, response: { 200: z.array(contactRefDto) } },
      },
      (req) => service.listAll(req.ctx, req.query.searchParam),
    );

    app.get(
      "/contacts/profile/:number",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: {
          description:
            "The WhatsApp contact with that number. Not for a user who sees masked numbers (LGPD): 404.",
          params: contactNumberParam,
          response: { 200: contactDto },
        },
      },
      (req) => service.showByNumber(req.ctx, req.params.number),
    );

    app.get(
      "/contacts/:id",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: { params: idParam, response: { 200: contactDto } },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/contacts",
      {
        config: { numbers: maskContactRef },
        schema: {
          description: `${PHONE_NUMBER_RULE}\n\n${WALLET_RULE}`,
          body: contactCreateSchema,
          response: { 201: contactDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/contacts/:id",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: {
          description:
            `${PHONE_NUMBER_RULE} A WhatsApp group's id, a Messenger or Instagram id, or the stored number sent ` +
            `back unchanged is kept as it is.\n\n${WALLET_RULE}`,
          params: idParam,
          body: contactUpdateSchema,
          response: { 200: contactDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/contacts/:id",
      { config: { owner: "contact" }, schema: { params: idParam, response: { 200: messageDto } } },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Contact deleted" };
      },
    );

    app.put(
      "/contacts/block/:id",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: { params: idParam, body: contactBlockSchema, response: { 200: contactDto } },
      },
      (req) => service.setActive(req.ctx, req.params.id, req.body.active),
    );

    app.put(
      "/contacts/toggleAcceptAudio/:id",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: { params: idParam, response: { 200: contactDto } },
      },
      (req) => service.toggle(req.ctx, req.params.id, "acceptAudioMessage"),
    );

    app.put(
      "/contacts/toggleDisableBot/:id",
      {
        config: { owner: "contact", numbers: maskContactRef },
        schema: { params: idParam, response: { 200: contactDto } },
      },
      (req) => service.toggle(req.ctx, req.params.id, "disableBot"),
    );
  };
}
