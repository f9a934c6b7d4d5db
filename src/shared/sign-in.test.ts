import { describe, expect, it } from "vitest";
import { BRAND_NAME } from "./brand";
import { authHeading, pathAfterSignIn } from "./sign-in";

describe("pathAfterSignIn (issue 30)", () => {
  it("takes the owner back to the admin page the guard sent them from", () => {
    expect(pathAfterSignIn("/admin")).toBe("/admin");
    expect(pathAfterSignIn("/admin/orders/abc?tab=1")).toBe("/admin/orders/abc?tab=1");
  });

  it("goes to /account (the spec's target) otherwise", () => {
    expect(pathAfterSignIn(undefined)).toBe("/account");
    expect(pathAfterSignIn(null)).toBe("/account");
    expect(pathAfterSignIn(42)).toBe("/account");
    expect(pathAfterSignIn("/auth")).toBe("/account");
    expect(pathAfterSignIn("//evil.example/admin")).toBe("/account");
    expect(pathAfterSignIn("https://evil.example/")).toBe("/account");
    expect(pathAfterSignIn("/\\evil.example")).toBe("/account");
  });
});

describe("authHeading", () => {
  it("does not welcome back someone who has just signed up", () => {
    expect(authHeading("login", false)).toBe("Welcome back");
    expect(authHeading("login", true)).toBe("Confirm your e-mail, then sign in");
    expect(authHeading("signup", false)).toBe(`Join ${BRAND_NAME}`);
  });
});
