import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "./account-messages";
import { CHECKOUT_MESSAGES } from "./checkout-messages";
import { deleteAccountSchema, mfaResetSchema } from "./schemas";

describe("deleteAccountSchema", () => {
  it("needs the word DELETE, exactly", () => {
    expect(deleteAccountSchema.safeParse({ confirm: "DELETE" }).success).toBe(true);
    for (const confirm of ["delete", "", "DELETE ", undefined]) {
      const result = deleteAccountSchema.safeParse({ confirm });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.account.deleteConfirmRequired);
    }
  });

  it("takes an optional password", () => {
    expect(deleteAccountSchema.parse({ confirm: "DELETE", password: "secret1" })).toEqual({
      confirm: "DELETE",
      password: "secret1",
    });
  });
});

describe("mfaResetSchema", () => {
  it("accepts a six-digit code (spaces ignored) and refuses anything else", () => {
    expect(mfaResetSchema.parse({ password: "pw", code: "123 456" })).toEqual({
      password: "pw",
      code: "123456",
    });
    expect(mfaResetSchema.parse({})).toEqual({});
    const bad = mfaResetSchema.safeParse({ code: "12345" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CHECKOUT_MESSAGES.validation.mfaCode);
  });
});

describe("account messages", () => {
  it("keeps the designed texts the server sends", () => {
    expect(ACCOUNT_MESSAGES.auth.emailNotVerified).toMatch(/verify your email address/);
    expect(ACCOUNT_MESSAGES.mfa.cannotSkip).toEqual({
      title: "Cannot Skip",
      description: "Administrators must enable multi-factor authentication.",
      variant: "destructive",
    });
    expect(ACCOUNT_MESSAGES.address.lookupFailed.description).toBe(
      "Could not search for addresses. Please enter manually.",
    );
  });
});
