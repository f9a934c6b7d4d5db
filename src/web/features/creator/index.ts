/** What other features use of the creator: its crop tool and photo upload (the photo replacement page). */
export { FramedCropper } from "./FramedCropper";
export { ImageDropZone } from "./ImageDropZone";
export { hasWebGL } from "./preview3d/webgl";
export { useImageUpload } from "./useImageUpload";
export { usePointerKind } from "./usePointerKind";
