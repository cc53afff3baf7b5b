import {
  idParam,
  LIMITS,
  pageQuery,
  toggleChangeWidthSchema,
  userCreateSchema,
  userDto,
  userListDto,
  userUpdateSchema,
} from "@inbox/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.js";
import type { UsersService } from "./service.js";

const messageDto = z.object({ message: z.string() });

/** Users (spec 1 sections 3, 5, 6, 7). Thin: parse, call the service, answer. */
export function usersRoutes(service: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/users", { schema: { querystring: pageQuery, response: { 200: userListDto } } }, (req) =>
      service.list(req.ctx, req.query.searchParam, req.query.pageNumber),
    );

    app.get("/users/list", { schema: { response: { 200: z.array(userDto) } } }, (req) =>
      service.listAll(req.ctx),
    );

    app.get(
      "/users/:id",
      { config: { owner: "user" }, schema: { params: idParam, response: { 200: userDto } } },
      (req) => service.show(req.ctx, req.params.id),
    );

    app.post(
      "/users",
      { schema: { body: userCreateSchema, response: { 201: userDto } } },
      async (req, reply) => reply.status(201).send(await service.create(req.ctx, req.body)),
    );

    app.put(
      "/users/:id",
      {
        config: { owner: "user" },
        schema: { params: idParam, body: userUpdateSchema, response: { 200: userDto } },
      },
      (req) => service.update(req.ctx, req.params.id, req.body),
    );

    app.delete(
      "/users/:id",
      { config: { owner: "user" }, schema: { params: idParam, response: { 200: messageDto } } },
      async (req) => {
        await service.delete(req.ctx, req.params.id);
        return { message: "User deleted" };
      },
    );

    app.put(
      "/users/toggleChangeWidht/:id",
      {
        config: { owner: "user" },
        schema: { params: idParam, body: toggleChangeWidthSchema, response: { 200: userDto } },
      },
      (req) => service.setTicketsPanelWidth(req.ctx, req.params.id, req.body.defaultTicketsManagerWidth),
    );

    app.post(
      "/users/:id/media-upload",
      {
        config: { owner: "user" },
        schema: { params: idParam, response: { 200: z.object({ user: userDto }) } },
      },
      async (req) => {
        if (!req.isMultipart())
          throw new AppError("ERR_VALIDATION", {
            field: "profileImage",
            message: "Send multipart/form-data",
          });
        let file: { filename: string; bytes: Buffer } | undefined;
        for await (const part of req.parts({ limits: { fileSize: LIMITS.profileImageMaxBytes, files: 1 } })) {
          if (part.type !== "file") continue;
          if (part.fieldname !== "profileImage" && part.fieldname !== "file") {
            await part.toBuffer();
            continue;
          }
          if (!part.mimetype.startsWith("image/")) {
            throw new AppError("ERR_VALIDATION", {
              field: "profileImage",
              message: "The profile image must be an image",
            });
          }
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new AppError("ERR_FILE_TOO_LARGE", { field: "profileImage" });
          file = { filename: part.filename, bytes };
        }
        if (!file) throw new AppError("ERR_VALIDATION", { field: "profileImage", message: "Required" });
        return { user: await service.setProfileImage(req.ctx, req.params.id, file) };
      },
    );
  };
}
