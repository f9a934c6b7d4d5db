/** Photo uploads (the creator's, the admin's product images, the review page's photos): one request for small files, resumable (tus) for large ones. */
export { RESUMABLE_CHUNK_BYTES, type ResumableUploadOptions, uploadResumable } from "./resumable-upload";
export {
  UPLOADS_URL,
  type UploadedImageAnswer,
  type UploadOptions,
  type UploadTarget,
  uploadFailureToast,
  uploadImage,
} from "./uploads";
