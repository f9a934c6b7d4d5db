/** The platform module's face: other modules import it only through this file. */
export * from "./admin-dates.js";
export * from "./audit.js";
export * from "./image-uploads.js";
export * from "./images.js";
export * from "./resumable-uploads.js";
export * from "./settings.js";
export * from "./storage.js";
export * from "./upload-hygiene.js";
export * from "./upload-originals.js";
export * from "./upload-usage.js";
