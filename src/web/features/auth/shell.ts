/**
 * The auth feature's small entry for the app shell (app/, components/layout): the session
 * provider, the account links in the nav and the saved-cart marker, all in the first load already.
 * Not index.ts, which also offers the MFA dialogs and the account's queries (Better Auth's client,
 * react-query, the RPC client): through it they would join the first load (its 120 KB budget).
 */
// biome-ignore assist/source/organizeImports: the nav's links first, so the first load's chunk compresses about 70 bytes smaller (/shop/create is within about 100 bytes of its 120 KB budget).
export { NavAccountLinks } from "./NavAccountLinks";
export { AuthProvider, useAuth } from "./AuthProvider";
export { readSyncedUser } from "./syncedUser";
