import {
  flowCreateSchema,
  flowDto,
  flowDuplicateSchema,
  flowPageDto,
  flowSaveSchema,
  flowShowDto,
  flowsQuery,
  flowUpdateSchema,
  flowWithGraphDto,
  idParam,
} from "@inbox/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Storage } from "../../storage/storage.js";
import { readFlowUploads } from "./media.js";
import type { FlowsService } from "./service.js";

const messageDto = z.object({ message: z.string() });
/** Files one POST /flowbuilder/content takes (the multipart plugin's own cap is 10). */
const CONTENT_MAX_FILES = 10;
const WHO = "Any user of the company (spec 3 section 6 restricts no profile here; no plan flag).";

/** Flow list and its CRUD (spec 3 section 7, "Flow builder"). Thin: parse, call the service, answer. */
export function flowsRoutes(service: FlowsService, storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/flowbuilder",
      {
        schema: {
          description: `One page (20) of the company's flows by name (no graph); searchParam matches the name. ${WHO}`,
          querystring: flowsQuery,
          response: { 200: flowPageDto },
        },
      },
      (req) => service.page(req.ctx, req.query),
    );

    app.post(
      "/flowbuilder",
      {
        schema: {
          description: `A new active flow holding the default graph: a single start node. ${WHO}`,
          body: flowCreateSchema,
          response: { 201: flowDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/flowbuilder",
      {
        schema: {
          description: `Renames the flow named by flowId (its graph is unchanged). ${WHO}`,
          body: flowUpdateSchema,
          response: { 200: flowDto },
        },
      },
      (req) => service.rename(req.ctx, req.body),
    );

    app.post(
      "/flowbuilder/duplicate",
      {
        schema: {
          description: `A copy of the flow named by flowId: same name, active flag, nodes and connections. ${WHO}`,
          body: flowDuplicateSchema,
          response: { 201: flowDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.duplicate(req.ctx, req.body.flowId)),
    );

    app.get(
      "/flowbuilder/flow/:id",
      {
        config: { owner: "flow" },
        schema: {
          description: `The flow with its graph in flow.flow: nodes and connections. ${WHO}`,
          params: idParam,
          response: { 200: flowShowDto },
        },
      },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/flowbuilder/flow",
      {
        schema: {
          description:
            "Replaces the graph of flow idFlow with nodes and connections (spec 3 section 3). 400 ERR_VALIDATION " +
            "when the graph has errors (flow-check: no start, edges to nowhere, empty cards, intervals out of " +
            "range, menus without options, missing queue or integration; one issue per problem, field " +
            "`nodes.{nodeId}`) or names a queue, user or integration of no one in the company. Answers the " +
            `flow with its graph as stored. ${WHO}`,
          body: flowSaveSchema,
          response: { 200: flowWithGraphDto },
        },
      },
      (req) => service.saveGraph(req.ctx, req.body),
    );

    const upload = (what: string, max: number) => ({
      schema: {
        description:
          `Multipart: ${what} in \`medias\` (\`body\`, \`fromMe\` read and ignored). Typed from the bytes; ` +
          "another type is 400 ERR_FILE_TYPE_NOT_ALLOWED, above its limit 413 ERR_FLOW_FILE_TOO_LARGE with " +
          "`limit` in MB ('Arquivo é muito grande! NMB máximo'). Stored in the company's flow folder; " +
          `answers the stored name${max > 1 ? "s" : ""}, which nodes keep. ${WHO}`,
        response: { 200: max > 1 ? z.array(z.string()) : z.string() },
      },
    });
    // A string payload would go out as text/plain: the stored name is sent as a JSON string.
    const sendName = (reply: FastifyReply, name: string | undefined) =>
      reply.type("application/json").send(JSON.stringify(name));
    app.post("/flowbuilder/img", upload("one PNG or JPEG image, at most 2 MB", 1), async (req, reply) =>
      sendName(reply, (await readFlowUploads(req, storage, req.ctx.companyId, "img", 1))[0]?.name),
    );
    app.post(
      "/flowbuilder/audio",
      upload("one OGG, MP3 or Opus audio (5 MB) or MP4 video (20 MB)", 1),
      async (req, reply) =>
        sendName(reply, (await readFlowUploads(req, storage, req.ctx.companyId, "audio", 1))[0]?.name),
    );
    app.post(
      "/flowbuilder/content",
      upload(
        `up to ${CONTENT_MAX_FILES} files: images, audio, video or PDF, each within its limit`,
        CONTENT_MAX_FILES,
      ),
      async (req) =>
        (await readFlowUploads(req, storage, req.ctx.companyId, "content", CONTENT_MAX_FILES)).map(
          (f) => f.name,
        ),
    );

    app.delete(
      "/flowbuilder/:id",
      {
        config: { owner: "flow" },
        schema: { description: `Deletes the flow. ${WHO}`, params: idParam, response: { 200: messageDto } },
      },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "Flow deleted" };
      },
    );
  };
}
