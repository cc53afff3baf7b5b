import {
  loginBodySchema,
  loginResponseDto,
  recoverPasswordSchema,
  resetPasswordSchema,
  userDto,
} from "@inbox/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthService, SessionResult } from "./service.js";

export const REFRESH_COOKIE = "jrt";
const messageDto = z.object({ message: z.string() });

function setRefreshCookie(reply: FastifyReply, session: SessionResult, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/auth",
    expires: session.refreshExpiresAt,
  });
}

/** Public session routes: login, refresh, recovery, reset (spec 1 section 7; spec 2). */
export function publicAuthRoutes(
  service: AuthService,
  options: { secureCookies: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/auth/login",
      { config: { public: true }, schema: { body: loginBodySchema, response: { 200: loginResponseDto } } },
      async (req, reply) => {
        const session = await service.login(req.body.email, req.body.password, req.ip);
        setRefreshCookie(reply, session, options.secureCookies);
        return { token: session.token, user: session.user };
      },
    );

    app.post(
      "/auth/refresh_token",
      { config: { public: true }, schema: { response: { 200: loginResponseDto } } },
      async (req, reply) => {
        const session = await service.refresh(req.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, session, options.secureCookies);
        return { token: session.token, user: session.user };
      },
    );

    app.post(
      "/auth/recover-password",
      { config: { public: true }, schema: { body: recoverPasswordSchema, response: { 200: messageDto } } },
      async (req) => {
        await service.recoverPassword(req.body.email, req.ip);
        return { message: "If the e-mail is registered, a recovery link has been sent." };
      },
    );

    app.post(
      "/auth/reset-password",
      { config: { public: true }, schema: { body: resetPasswordSchema, response: { 200: messageDto } } },
      async (req) => {
        await service.resetPassword(req.body.token, req.body.password, req.ip);
        return { message: "Password changed." };
      },
    );
  };
}

/** Session routes that need a signed-in user. */
export function privateAuthRoutes(service: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete("/auth/logout", async (req, reply) => {
      await service.logout(req.ctx);
      reply.clearCookie(REFRESH_COOKIE, { path: "/auth" });
      return reply.status(204).send();
    });

    app.get("/auth/me", { schema: { response: { 200: userDto } } }, (req) => service.me(req.ctx));
  };
}
