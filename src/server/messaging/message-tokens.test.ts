import { describe, expect, it } from "vitest";
import {
  ANSWER_LINK_DAYS,
  answerToken,
  checkAnswerToken,
  checkReviewToken,
  checkSignedToken,
  REVIEW_LINK_DAYS,
  reviewToken,
  signedToken,
} from "./message-tokens";

const secret = "s".repeat(32);
const replyId = "0b4f5f4e-8d7a-4c59-9a51-1f0a3c1d2e3f";

describe("answer tokens", () => {
  it("opens its own reply until it expires", () => {
    const now = Date.UTC(2026, 0, 1);
    const token = answerToken(secret, replyId, now);
    expect(checkAnswerToken(secret, token, now)).toEqual({ ok: true, replyId });
    expect(checkAnswerToken(secret, token, now + (ANSWER_LINK_DAYS + 1) * 86_400_000)).toEqual({
      ok: false,
      reason: "expired",
    });
  });
  it("refuses a changed reply id, expiry, signature or secret", () => {
    const token = answerToken(secret, replyId);
    const [id, exp, sig] = token.split(".") as [string, string, string];
    const other = "1b4f5f4e-8d7a-4c59-9a51-1f0a3c1d2e3f";
    expect(checkAnswerToken(secret, `${other}.${exp}.${sig}`).ok).toBe(false);
    expect(checkAnswerToken(secret, `${id}.${Number(exp) + 999999}.${sig}`).ok).toBe(false);
    expect(checkAnswerToken(secret, `${id}.${exp}.${sig.slice(0, -2)}AA`).ok).toBe(false);
    expect(checkAnswerToken("t".repeat(32), token).ok).toBe(false);
    expect(checkAnswerToken(secret, "garbage").ok).toBe(false);
  });
  it("keeps purposes apart: a photo link never answers a message, nor the reverse", () => {
    const photo = signedToken(secret, "photo-replacement", replyId, 30);
    expect(checkSignedToken(secret, "photo-replacement", photo)).toEqual({ ok: true, id: replyId });
    expect(checkAnswerToken(secret, photo).ok).toBe(false);
    expect(checkSignedToken(secret, "photo-replacement", answerToken(secret, replyId)).ok).toBe(false);
  });
});

describe("review tokens", () => {
  it("open their order until they expire, and never answer a message (nor the reverse)", () => {
    const now = Date.UTC(2026, 0, 1);
    const token = reviewToken(secret, replyId, now);
    expect(checkReviewToken(secret, token, now)).toEqual({ ok: true, id: replyId });
    expect(checkReviewToken(secret, token, now + (REVIEW_LINK_DAYS + 1) * 86_400_000)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(checkAnswerToken(secret, token, now).ok).toBe(false);
    expect(checkReviewToken(secret, answerToken(secret, replyId, now), now).ok).toBe(false);
  });
});
