/**
 * The web app's one typed client for the server (Hono RPC). Each feature's calls use it in the
 * feature's own api.ts (or api/ folder); components never build URLs.
 */
import type { ApiType } from "@server/app";
import { hc } from "hono/client";

export const api = hc<ApiType>("/api", { init: { credentials: "same-origin" } });

export { ApiRequestError, apiError, ok } from "./http";
