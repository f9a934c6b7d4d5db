import { describe, expect, it } from "vitest";
import { CREATOR_MESSAGES } from "./creator-messages";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, UPLOAD_IMAGE_FORMATS } from "./limits";

describe("upload rules", () => {
  it("accepts JPEG, PNG and WEBP up to 10 MiB and 50 megapixels", () => {
    expect(UPLOAD_IMAGE_FORMATS).toEqual(["jpeg", "png", "webp"]);
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_UPLOAD_PIXELS).toBe(50_000_000);
    // A 48 MP phone photo (8064 x 6048) fits.
    expect(8064 * 6048).toBeLessThanOrEqual(MAX_UPLOAD_PIXELS);
  });

  it("keeps the spec's upload texts and titles every designed refusal 'Upload failed'", () => {
    expect(CREATOR_MESSAGES.upload.tooLarge).toMatchObject({
      title: "File too large",
      description: "Please select an image smaller than 10MB.",
    });
    expect(CREATOR_MESSAGES.upload.failed).toMatchObject({
      title: "Upload failed",
      description: "There was an error uploading your image. Please try again.",
    });
    for (const message of [
      CREATOR_MESSAGES.upload.unsupportedFormat,
      CREATOR_MESSAGES.upload.tooManyPixels,
      CREATOR_MESSAGES.upload.noFile,
    ]) {
      expect(message.title).toBe("Upload failed");
      expect(message.variant).toBe("destructive");
    }
    expect(CREATOR_MESSAGES.upload.unsupportedFormat.description).toContain("JPG, PNG or WEBP");
    expect(CREATOR_MESSAGES.upload.tooManyPixels.description).toContain("50 megapixels");
  });

  it("has the pricing refusals the server sends", () => {
    // No product's name: a switched-off or draft product is not named to whoever asks (issue 46).
    expect(CREATOR_MESSAGES.pricing.productUnavailable).toBe(
      "This item is no longer available. Please remove it from your cart.",
    );
    expect(CREATOR_MESSAGES.pricing.lithophaneUnavailable).toMatch(/no longer available/);
    expect(CREATOR_MESSAGES.pricing.itemUnknown).toMatch(/no longer available/);
  });
});
