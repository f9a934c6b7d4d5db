import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { matchingTotpStep } from "./totp-replay";

const SETTINGS = { digits: 6, periodSeconds: 30 };
// Better Auth keeps the secret as text and uses its UTF-8 bytes as the HMAC key.
const SECRET = "k3y-of-the-test-account-0123456789";

function codeAt(step: number): string {
  return OTPAuth.HOTP.generate({ secret: OTPAuth.Secret.fromUTF8(SECRET), counter: step, digits: 6 });
}

describe("matchingTotpStep", () => {
  const now = 1_795_000_000_000;
  const current = Math.floor(now / 30_000);

  it("names the step of a code in Better Auth's window (one step either side)", async () => {
    for (const step of [current - 1, current, current + 1]) {
      expect(await matchingTotpStep(SECRET, codeAt(step), SETTINGS, now)).toBe(step);
    }
  });

  it("is null for a code outside the window or no code at all", async () => {
    expect(await matchingTotpStep(SECRET, codeAt(current - 2), SETTINGS, now)).toBeNull();
    expect(await matchingTotpStep(SECRET, codeAt(current + 2), SETTINGS, now)).toBeNull();
    expect(await matchingTotpStep(SECRET, "abcdef", SETTINGS, now)).toBeNull();
  });
});
