import pino from "pino";
import { currentRequestId } from "./request-scope.js";

export type Logger = pino.Logger;

type Serialized = Record<string, unknown>;

/** A database error's own fields that may carry the request's values (pg: `Key (email)=(…)`). */
const VALUE_FIELDS = ["detail", "where", "hint", "internalQuery", "parameters", "params"] as const;

/** `invalid input syntax for type uuid: "abc"` -> `invalid input syntax for type uuid: [value]`. */
function withoutQuotedValues(message: unknown): unknown {
  return typeof message === "string" ? message.replace(/: ".*"/s, ": [value]") : message;
}

/** Anything shaped like an e-mail address. */
const EMAIL_ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/**
 * `550 5.1.1 <aoife@example.com>: Recipient address rejected` -> `... <[email]>: ...`: an SMTP
 * server's (or any library's) error quotes addresses, and logs hold no e-mail addresses.
 */
export function withoutEmailAddresses<T>(text: T): T {
  return (typeof text === "string" ? text.replace(EMAIL_ADDRESS, "[email]") : text) as T;
}

/**
 * pino's error serializer, minus request values: a failed query is logged with its SQL (with
 * placeholders) but never its parameters, which hold what the customer typed (Drizzle puts
 * them in the message and stack as well as in `params`), and the database's own error loses
 * the fields that quote row values.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Serialized;
  const query = (err as { query?: unknown }).query;
  if (typeof query === "string" && "params" in err) {
    const message = `Failed query: ${query}`;
    const frames =
      typeof out.stack === "string" ? out.stack.split("\n").filter((l) => /^\s+at /.test(l)) : [];
    out.message = message;
    out.stack = [`${err.name}: ${message}`, ...frames].join("\n");
  }
  for (const field of VALUE_FIELDS) delete out[field];
  out.message = withoutEmailAddresses(query === undefined ? withoutQuotedValues(out.message) : out.message);
  out.stack = withoutEmailAddresses(out.stack);
  // nodemailer's SMTP errors: the server's reply and the rejected recipients.
  out.response = withoutEmailAddresses(out.response);
  if ("rejected" in out) out.rejected = "[email]";
  // The database's verdict, without the values it may quote.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const fields = cause as Error &
      Partial<Record<"code" | "severity" | "routine" | "constraint" | "table" | "column", unknown>>;
    out.cause = {
      type: cause.name,
      message: withoutEmailAddresses(withoutQuotedValues(cause.message)),
      code: fields.code,
      severity: fields.severity,
      routine: fields.routine,
      constraint: fields.constraint,
      table: fields.table,
      column: fields.column,
    };
  }
  return out;
}

/** Every line logged while a request is served carries its id (lib/request-scope.ts). */
function requestIdMixin(): { reqId?: string } {
  const reqId = currentRequestId();
  return reqId === undefined ? {} : { reqId };
}

/**
 * The shop's logger: JSON lines on stdout (or `destination`), without secrets or request values;
 * each line written for a request carries its `reqId`.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: ["password", "*.password", "token", "*.token", "secret", "*.secret"],
    serializers: { err: serializeError, error: serializeError },
    mixin: requestIdMixin,
  };
  return destination ? pino(options, destination) : pino(options);
}
