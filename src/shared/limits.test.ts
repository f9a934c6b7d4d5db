import { describe, expect, it } from "vitest";
import * as limits from "./limits";

describe("limits", () => {
  it("match spec section 9", () => {
    expect(limits.MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(limits.UPLOAD_ACCEPT).toBe("image/*");
    expect(limits.RECOMMENDED_MIN_IMAGE_PX).toBe(1200);
    expect(limits.OPTIONS_REFETCH_MS).toBe(30_000);
    expect(limits.PASSWORD_MIN_LENGTH).toBe(6);
    expect(limits.MFA_CODE_LENGTH).toBe(6);
    expect(limits.MFA_FACTOR_CLEANUP_DELAY_MS).toBe(1000);
    expect(limits.MFA_DELETE_SIGN_OUT_DELAY_MS).toBe(1000);
    expect(limits.EMAIL_CHANGE_SIGN_OUT_DELAY_MS).toBe(2000);
    expect(limits.PHONE_MIN_DIGITS).toBe(6);
    expect(limits.PHONE_MAX_DIGITS).toBe(15);
    expect(limits.ORDER_NUMBER_LENGTH).toBe(8);
    expect(limits.MFA_DATE_FORMAT).toBe("MMM dd, yyyy");
    expect(limits.MOBILE_BREAKPOINT_PX).toBe(768);
    expect(limits.TOAST_LIMIT).toBe(1);
    expect(limits.TOAST_DURATION_MS).toBe(4000);
    expect([limits.TOTP_ALGORITHM, limits.TOTP_DIGITS, limits.TOTP_PERIOD_SECONDS]).toEqual(["SHA1", 6, 30]);
    expect([limits.MFA_QR_SIZE_PX, limits.MFA_QR_MARGIN, limits.MFA_QR_ERROR_CORRECTION]).toEqual([
      300,
      2,
      "M",
    ]);
  });
});
