/**
 * The error-reporting hook: with SENTRY_DSN set, unexpected errors (a 500's cause, an unhandled
 * rejection, an uncaught exception) go to Sentry through its official SDK, @sentry/node, loaded
 * only then; without it (the default) nothing is loaded and nothing leaves the server.
 *
 * No personal data: the SDK's dataCollection is all off, no request bodies, cookies, headers or query strings
 * are attached (the event carries the route pattern and the request id, so the log lines of the
 * same request can be found), and no tracing is set up.
 */
import type { Config } from "../config.js";
import type { Logger } from "./logger.js";
import { currentRequestId } from "./request-scope.js";

export interface ErrorReporter {
  readonly enabled: boolean;
  /** Reports `error` with a few tags (route pattern, where it was caught). */
  capture(error: unknown, tags?: Record<string, string>): void;
  /** Waits (at most `timeoutMs`) until reported errors are sent. */
  flush(timeoutMs?: number): Promise<void>;
}

const OFF: ErrorReporter = {
  enabled: false,
  capture: () => {},
  flush: async () => {},
};

export async function createErrorReporter(
  config: Pick<Config, "sentryDsn" | "production">,
  log: Logger,
): Promise<ErrorReporter> {
  if (!config.sentryDsn) return OFF;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.production ? "production" : "development",
    // No user fields, cookies, headers, bodies or query strings, whatever an integration finds.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    // Errors only: no performance tracing, no OpenTelemetry instrumentation of the server.
    enableOpenTelemetrySetup: false,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.contextLinesIntegration()],
    beforeSend(event) {
      // Whatever an integration attached about the request or the user stays here.
      delete event.request;
      delete event.user;
      return event;
    },
  });
  log.info("error reporting to Sentry is on");
  return {
    enabled: true,
    capture(error, tags = {}) {
      const requestId = currentRequestId();
      Sentry.captureException(error, { tags: { ...tags, ...(requestId ? { requestId } : {}) } });
    },
    async flush(timeoutMs = 2_000) {
      await Sentry.flush(timeoutMs);
    },
  };
}
