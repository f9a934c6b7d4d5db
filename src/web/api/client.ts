/**
 * The web app's one typed client for the server (Hono RPC). Feature code imports the
 * resource modules in this folder; components never build URLs.
 */
import { hc } from "hono/client";
import type { ApiType } from "../../server/app";

export const api = hc<ApiType>("/api", { init: { credentials: "same-origin" } });

export { ApiRequestError, apiError, ok } from "./http";
