/** GET /api/me, the session's account (user, profile, role, MFA set-up), asked for by the first load without the RPC client. */
import type { api } from "@web/lib/http/client";
import { getJson } from "@web/lib/http/get-json";
import type { InferResponseType } from "hono/client";

export type Me = InferResponseType<typeof api.me.$get, 200>;

export const fetchMe = () => getJson<Me>("/me");
