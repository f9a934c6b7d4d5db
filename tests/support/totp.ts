/** TOTP codes as an authenticator app makes them (SHA1, 6 digits, 30 s: the shop's settings). */
import * as OTPAuth from "otpauth";
import { mergeCookies } from "./cookies.js";

/** The base32 secret inside an otpauth:// URI (what the QR code carries). */
export function totpSecretFromUri(uri: string): string {
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error("not a TOTP URI");
  return parsed.secret.base32;
}

/** The current 6-digit code for a base32 secret (SHA1, 30 s), as an authenticator app shows it. */
export function totpCode(secret: string, timestamp: number = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp });
}

/**
 * Sends the previous 30 s step's code (still accepted; a code works once, so a later sign-in can
 * use the current one without waiting for the clock). When the step changes while the request
 * is on its way, that code has left the window: it is sent again with the new previous step.
 */
export async function withPreviousStepCode<R>(
  secret: string,
  send: (code: string) => Promise<R>,
  ok: (result: R) => boolean,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const step = Math.floor(Date.now() / 30_000);
    const result = await send(totpCode(secret, (step - 1) * 30_000));
    if (ok(result) || attempt === 3 || Math.floor(Date.now() / 30_000) === step) return result;
  }
}

/** A 6-digit code the server will refuse: none of the codes of the accepted windows (±30 s). */
export function wrongTotpCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, now + offset)));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** POSTs JSON to a Better Auth endpoint under /api/auth as the holder of `cookie`: in-process or over HTTP. */
export type AuthPost = (endpoint: string, json: unknown, cookie: string) => Promise<Response>;

export interface EnrolledTotp {
  /** The session's Cookie header after the verification. */
  cookie: string;
  /** The base32 secret (what the QR code carries). */
  secret: string;
  backupCodes: string[];
}

/** Enrols TOTP for a signed-in account as the set-up dialog does: enable with the password, verify a code. */
export async function enrolTotp(
  auth: AuthPost,
  account: { password: string; cookie: string },
): Promise<EnrolledTotp> {
  const enable = await auth("/two-factor/enable", { password: account.password }, account.cookie);
  if (!enable.ok) throw new Error(`two-factor enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const cookie = mergeCookies(account.cookie, enable);
  const secret = totpSecretFromUri(totpURI);
  const verify = await withPreviousStepCode(
    secret,
    (code) => auth("/two-factor/verify-totp", { code }, cookie),
    (res) => res.ok,
  );
  if (!verify.ok) throw new Error(`two-factor verify failed: ${verify.status} ${await verify.text()}`);
  return { cookie: mergeCookies(cookie, verify), secret, backupCodes };
}
