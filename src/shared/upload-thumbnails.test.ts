import { describe, expect, it } from "vitest";
import { colourThumbnailOf } from "./upload-thumbnails";

describe("colourThumbnailOf", () => {
  it("names the colour thumbnail beside a preview's key or URL", () => {
    expect(colourThumbnailOf("lightbox-images/1-beach-3f9a-preview.webp")).toBe(
      "lightbox-images/1-beach-3f9a-preview-colour.webp",
    );
    expect(colourThumbnailOf("https://cdn.example/lightbox-images/1-a-preview.webp")).toBe(
      "https://cdn.example/lightbox-images/1-a-preview-colour.webp",
    );
  });
  it("has none for what is not a preview (an original, another picture)", () => {
    expect(colourThumbnailOf("lightbox-images/1-beach-3f9a.jpg")).toBeNull();
    expect(colourThumbnailOf("/images/preview.webp")).toBeNull();
    expect(colourThumbnailOf("")).toBeNull();
  });
});
