import {
  fileListDto,
  fileListPageDto,
  fileListSchema,
  fileListSummaryDto,
  fileListsQuery,
  idParam,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FileListsService } from "./service.js";

const messageDto = z.object({ message: z.string() });
const ADMINS = "Admins only (spec 3 section 6: profile user gets ERR_NO_PERMISSION).";

/** File lists (spec 3 section 7, "Files"). Thin: parse, call the service, answer. */
export function fileListsRoutes(service: FileListsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/files",
      {
        schema: {
          description:
            `One page (20) of the company's file lists by name, each with its options; searchParam matches ` +
            `the name; companyId (the queue editor sends it) is ignored. ${ADMINS}`,
          querystring: fileListsQuery,
          response: { 200: fileListPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.get(
      "/files/list",
      {
        schema: {
          description: `Every file list of the company by name, id and name only (queue and chatbot pickers). ${ADMINS}`,
          response: { 200: z.array(fileListSummaryDto) },
        },
      },
      (req) => service.summaries(req.ctx),
    );

    app.get(
      "/files/:id",
      { config: { owner: "fileList" }, schema: { params: idParam, response: { 200: fileListDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/files",
      {
        schema: {
          description:
            "A file list with its options (names; files come through uploadList). userId and each option's " +
            `path and mediaType are ignored: the token says who, the bytes say what. ${ADMINS}`,
          body: fileListSchema,
          response: { 201: fileListDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/files/:id",
      {
        config: { owner: "fileList" },
        schema: {
          description:
            "Name, message and the whole option list: an option with its id is kept (renamed; path null or " +
            '"" removes its file), one without is added, the others are deleted with their files. ' +
            ADMINS,
          params: idParam,
          body: fileListSchema,
          response: { 200: fileListDto },
        },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/files/:id",
      {
        config: { owner: "fileList" },
        schema: {
          description:
            "Deletes the list with its options and files. Queues and chatbot options that sent it keep " +
            `their other settings and send no files any more (their fileListId / optFileId become null). ${ADMINS}`,
          params: idParam,
          response: { 200: messageDto },
        },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "File list deleted" };
      },
    );

    app.post(
      "/files/uploadList/:id",
      {
        config: { owner: "fileList" },
        schema: {
          description:
            "Multipart: fileId and typeArch (ignored), then per file the parts files, mediaType, name and id; " +
            "the i-th file becomes the file of the option named by the i-th id (or, without ids, the i-th " +
            "name), replacing any other. Each file is typed from its bytes and stored under a random name " +
            `(at most 16 MB, 50 files); the claimed mediaType is only a hint. ${ADMINS}`,
          params: idParam,
          response: { 200: fileListDto },
        },
      },
      (req) => service.uploadFiles(req.ctx, req.params.id, req),
    );
  };
}
