import {
  loginBodySchema,
  loginResponseDto,
  recoverPasswordSchema,
  resetPasswordSchema,
  signupResponseDto,
  signupSchema,
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
      "/auth/signup",
      {
        config: { public: true },
        schema: {
          description:
            "Spec 2: a visitor creates a company on a public plan (GET /plans/list) and becomes its admin; the company gets a trial (the platform's trialDays, default 7: dueDate = today + trial), its settings with defaults and the default queue, and the admin can sign in at once. document is a CPF or CNPJ checked by its check digits ('CPF/CNPJ inválido'); companyId (the page's query parameter) is accepted and ignored. Refused: 403 ERR_SIGNUP_DISABLED while allowSignup is not enabled, 403 ERR_USER_CREATION_DISABLED while userCreation is disabled, 400 ERR_PLAN_NOT_AVAILABLE for a missing or non-public plan, 400 ERR_USER_EMAIL_ALREADY_EXISTS for a taken e-mail, 429 ERR_TOO_MANY_REQUESTS past the login's rate limits.",
          body: signupSchema,
          response: { 201: signupResponseDto },
        },
      },
      async (req, reply) => reply.status(201).send(await service.signup(req.body, req.ip)),
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
    // Signing out and reading oneself stay open to an expired company (http/subscription-gate.ts):
    // the web app polls /auth/me for the due date while it waits for a payment.
    app.delete("/auth/logout", { config: { allowExpired: true } }, async (req, reply) => {
      await service.logout(req.ctx);
      reply.clearCookie(REFRESH_COOKIE, { path: "/auth" });
      return reply.status(204).send();
    });

    app.get("/auth/me", { config: { allowExpired: true }, schema: { response: { 200: userDto } } }, (req) =>
      service.me(req.ctx),
    );
  };
}
