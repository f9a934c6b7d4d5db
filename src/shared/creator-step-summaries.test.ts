import { describe, expect, it } from "vitest";
import { getBundle } from "./bundles";
import { INITIAL_CREATOR_STATE } from "./creator";
import { creatorStepSummaries } from "./creator-step-summaries";
import { CREATOR_TEXTS } from "./creator-texts";
import { FALLBACK_OPTIONS } from "./options";

const image = { url: "/u/p.webp", originalUrl: "/u/p.jpg", width: 1200, height: 900 };

describe("creatorStepSummaries", () => {
  it("says nothing before any choice", () => {
    expect(creatorStepSummaries(INITIAL_CREATOR_STATE.selections, FALLBACK_OPTIONS, null)).toEqual({
      upload: null,
      processing: null,
      shape: null,
      "frame-color": null,
      size: null,
      bundle: null,
    });
  });

  it("names each choice, and the photo's upload while it runs", () => {
    const selections = {
      ...INITIAL_CREATOR_STATE.selections,
      image: { ...image, pending: true },
      processing: "grayscale",
      shape: "square",
      frameColor: "gold",
      bundle: "gift" as const,
    };
    const summaries = creatorStepSummaries(selections, FALLBACK_OPTIONS, 42);
    expect(summaries.upload).toBe(CREATOR_TEXTS.photoUpload.uploading(42));
    expect(summaries.processing).toBe("Greyscale");
    expect(summaries.shape).toBe("Square");
    expect(summaries["frame-color"]).toBe(FALLBACK_OPTIONS.find((o) => o.id === "gold")?.name);
    expect(summaries.size).toBeNull();
    expect(summaries.bundle).toBe(getBundle("gift")?.name);
    expect(creatorStepSummaries({ ...selections, image }, FALLBACK_OPTIONS, null).upload).toBe(
      CREATOR_TEXTS.photoUpload.uploaded,
    );
  });
});
