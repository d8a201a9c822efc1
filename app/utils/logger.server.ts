import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "./env.server";

/**
 * The one logger (decision 050): JSON lines, one object per line, to stdout (Fly's log shipper
 * reads them), or appended to LOG_FILE when it is set (the tests read the file afterwards to find
 * any personal data that reached a log). LOG_LEVEL picks the level: trace, debug, info (the
 * default), warn, error, fatal or silent.
 *
 * What may be logged: ids, names of things, counts, durations, a path without its query string.
 * Never a body, a query string, a password, a token, a personal number (SSN, card, bank account)
 * or a health detail. The redaction below is the net under that rule, not the rule: a field named
 * like a secret is replaced wherever it sits in a logged object, up to four levels deep.
 */

// Matched as whole keys, in the spellings the code and the forms use.
const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "passwordConfirmation",
  "temporaryPassword",
  "passwordHash",
  "token",
  "resetToken",
  "accessToken",
  "refreshToken",
  "tokenHash",
  "secret",
  "ssn",
  "socialSecurityNumber",
  "card",
  "cardNumber",
  "cardCvv",
  "cvv",
  "cvc",
  "cardExpiry",
  "bankAccount",
  "accountNumber",
  "routingNumber",
  "dateOfBirth",
  "authorization",
  "Authorization",
  "cookie",
  "Cookie",
  '"set-cookie"',
  "body",
  "query",
];

function redactPaths() {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const access = key.startsWith('"') ? `[${key}]` : `.${key}`;
    for (let depth = 0; depth <= 3; depth++) {
      const prefix = Array.from({ length: depth }, () => "*").join(".");
      if (depth === 0) paths.push(key.startsWith('"') ? `[${key}]` : key);
      else paths.push(`${prefix}${access}`);
    }
  }
  return paths;
}

/**
 * An error as its kind, message, code and stack only. pino's default serializer copies every
 * enumerable property, and Sequelize's errors carry the statement's values (`fields`, `errors[].value`,
 * `parameters`), which may be an email or an encrypted SSN.
 */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: typeof error === "string" ? error : "unknown" };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack: error.stack,
  };
}

function destination(): DestinationStream {
  const file = env.logFile;
  // Synchronous writes: a line logged just before process.exit() is never lost.
  if (file) return pino.destination({ dest: file, append: true, mkdir: true, sync: true });
  return pino.destination({ dest: 1, sync: true });
}

function createLogger() {
  return pino(
    {
      level: env.logLevel,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The level as a word ("info"), which a person reading `fly logs` understands.
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError, error: serializeError },
      redact: { paths: redactPaths(), censor: "[redacted]" },
    },
    destination(),
  );
}

type RequestLogContext = { logger: Logger; requestId: string };

type Shared = { logger: Logger; requests: AsyncLocalStorage<RequestLogContext> };

// The server (BUILD_DIR/server.js) and the Remix build (BUILD_DIR/server/index.js) are bundled
// apart, each with its own copy of this module: one logger and one request store per process, kept
// on globalThis, so the request id the server binds is the one the app's loaders log with.
const SHARED = Symbol.for("agency-crm.logger");
const globalStore = globalThis as typeof globalThis & { [SHARED]?: Shared };
const shared = (globalStore[SHARED] ??= { logger: createLogger(), requests: new AsyncLocalStorage() });

/** The process's root logger: start-up, shutdown, jobs outside a request. */
export const logger: Logger = shared.logger;

/** The logger of the request being served (its id, and its user once known), else the root logger. */
export function log(): Logger {
  return shared.requests.getStore()?.logger ?? shared.logger;
}

/**
 * Runs `fn` as one request: every `log()` inside it, however deep, carries `requestId`. `fn` gets
 * the request's current logger, for lines written from outside its async context (the access line
 * written when the response finishes), with the user id once `setLogUser` has added it.
 */
export function runWithRequestLog<T>(requestId: string, fn: (requestLogger: () => Logger) => T): T {
  const context: RequestLogContext = { requestId, logger: shared.logger.child({ requestId }) };
  return shared.requests.run(context, () => fn(() => context.logger));
}

/**
 * Adds the signed-in user's id to the current request's lines from here on (called where the
 * session's user is resolved). Outside a request it does nothing.
 */
export function setLogUser(userId: string) {
  const context = shared.requests.getStore();
  if (!context) return;
  context.logger = shared.logger.child({ requestId: context.requestId, userId });
}
