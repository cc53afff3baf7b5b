import type { ApiErrorBody } from "@inbox/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "./app-error.js";

/**
 * Every failure leaves as `{ error, message }`. Validation answers 400 with the
 * field and the schema's message; unknown failures answer 500 without detail
 * and are logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { ...error.details, error: error.code, message: error.message };
      if (error.field) body.field = error.field;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: fieldOf(error.validationContext, v.instancePath),
        message: v.message ?? "Invalid value",
      }));
      const first = issues[0];
      const body: ApiErrorBody = {
        error: "ERR_VALIDATION",
        message: first?.message ?? "Invalid value",
        field: first?.field,
        issues,
      };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply
        .status(500)
        .send({ error: "ERR_INTERNAL", message: "An error occurred!" } satisfies ApiErrorBody);
    }
    if (isBadInputFromDatabase(error)) {
      // A safety net: schemas should have caught it. Logged so the schema can be fixed.
      request.log.warn({ err: error }, "database refused a value the schema let through");
      return reply
        .status(400)
        .send({ error: "ERR_VALIDATION", message: "Invalid value" } satisfies ApiErrorBody);
    }
    if (isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ error: "ERR_VALIDATION", message: "Malformed multipart form" } satisfies ApiErrorBody);
    }
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) {
      // A reference to a row that is not there, or is another company's (the composite tenant
      // keys refuse it): "not found", as for any other company's row. Logged: a check is missing.
      request.log.warn({ err: error }, "database refused a reference the service let through");
      return reply
        .status(404)
        .send({ error: "ERR_NOT_FOUND", message: "Record not found" } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const code =
        status === 413
          ? "ERR_FILE_TOO_LARGE"
          : status === 429
            ? "ERR_TOO_MANY_REQUESTS"
            : status === 404
              ? "ERR_NOT_FOUND"
              : "ERR_VALIDATION";
      return reply.status(status).send({ error: code, message: error.message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ error: "ERR_INTERNAL", message: "An error occurred!" } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: "ERR_NOT_FOUND",
      message: `Route ${request.method} ${request.url.split("?")[0]} not found`,
    } satisfies ApiErrorBody);
  });
}

function fieldOf(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
}

/** PostgreSQL data exceptions caused by a value: out of range, bad text, bad encoding. */
const BAD_INPUT_SQLSTATES = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05"]);

const FOREIGN_KEY_VIOLATION = "23503";

function isBadInputFromDatabase(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && BAD_INPUT_SQLSTATES.has(code);
}

/** The SQLSTATE of a database error, also when drizzle wrapped it (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The multipart parser's (@fastify/busboy) errors on a malformed or cut-off form: the client's fault. */
const MULTIPART_PARSE_ERRORS = /unexpected end of multipart data|Boundary not found|Malformed part header/i;

function isMalformedMultipart(error: FastifyError): boolean {
  return error.statusCode === undefined && MULTIPART_PARSE_ERRORS.test(error.message ?? "");
}
