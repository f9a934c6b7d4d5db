import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { ApiRequestError } from "@web/lib/http/http";
import { describe, expect, it } from "vitest";
import { uploadFailureToast } from "./uploads";

describe("uploadFailureToast", () => {
  it("says why the server refused, instead of a bare 'Upload failed'", () => {
    // A form posted from a name the shop does not trust (issue 14: 127.0.0.1 in local mode).
    const crossSite = new ApiRequestError(403, "cross_origin", "Requests from other sites are not allowed.");
    expect(uploadFailureToast(crossSite)).toEqual({
      ...CREATOR_MESSAGES.upload.failed,
      description: "Requests from other sites are not allowed.",
    });
    expect(uploadFailureToast(new ApiRequestError(429, "rate_limited", "slow down"))).toBe(
      CREATOR_MESSAGES.upload.tooManyUploads,
    );
    expect(uploadFailureToast(new ApiRequestError(429, "upload_quota_exceeded", "quota"))).toBe(
      CREATOR_MESSAGES.upload.quotaExceeded,
    );
  });

  it("keeps the spec's texts for the known refusals and the generic one for the rest", () => {
    expect(uploadFailureToast(new ApiRequestError(413, "file_too_large", "x"))).toBe(
      CREATOR_MESSAGES.upload.tooLarge,
    );
    expect(uploadFailureToast(new ApiRequestError(0, "network", "x"))).toBe(CREATOR_MESSAGES.upload.failed);
    expect(uploadFailureToast(new ApiRequestError(500, "internal", "x"))).toBe(
      CREATOR_MESSAGES.upload.failed,
    );
    expect(uploadFailureToast(new Error("boom"))).toBe(CREATOR_MESSAGES.upload.failed);
  });
});
