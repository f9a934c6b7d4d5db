/**
 * The storefront's imagery and reviews from the admin, each an audited workflow (issue 49 item 1):
 * files are encoded before and removed after the transaction; the storefront snapshot is dropped
 * once a change is over, committed or not.
 */
import { SLOT_SPECS } from "@shared/storefront";
import { HttpError } from "../lib/validation.js";
import {
  type AuditActor,
  defineAuditedWorkflow,
  deleteReleasedFiles,
  runWorkflow,
  type Storage,
  type WorkflowHost,
} from "../platform/index.js";
import {
  createSiteImage,
  deleteSiteImage,
  findSiteImageUpload,
  type SiteImageCreate,
  type SiteImageUpdate,
  siteImageAuditView,
  siteImageCount,
  toAdminImage,
  updateSiteImage,
} from "./admin-site-images.js";
import { deleteReview, deleteReviewPhoto, moderateReview } from "./reviews.js";
import { deleteVariants, encodeSiteImage } from "./site-images.js";
import { invalidateStorefront } from "./storefront.js";

type StorefrontHost = WorkflowHost & { storage: Storage };

/** Runs `change`, then drops the storefront snapshot (and the pages carrying it), whatever happened. */
async function thenRefresh<T>(host: WorkflowHost, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    invalidateStorefront(host.database.db);
  }
}

/** A photo uploaded for a place on the site, encoded to the place's widths. */
export function addSiteImageAsAdmin(host: StorefrontHost, actor: AuditActor, input: SiteImageCreate) {
  return thenRefresh(host, async () => {
    const db = host.database.db;
    const spec = SLOT_SPECS[input.slot];
    if ((await siteImageCount(db, input.slot)) >= spec.max)
      throw new HttpError(409, "slot_full", `This place holds at most ${spec.max} images. Remove one first.`);
    const upload = await findSiteImageUpload(db, input.uploadId);
    const original = upload ? await host.storage.get(upload.originalKey) : null;
    if (!upload || !original)
      throw new HttpError(404, "upload_not_found", "That upload is gone. Please choose the photo again.");
    const encoded = await encodeSiteImage(host.storage, original.body, spec);
    try {
      const { row, released } = await runWorkflow(
        host,
        async (tx) => {
          const created = await createSiteImage(tx, input, encoded, upload.id);
          return { ...created.result, audit: created.audit };
        },
        {
          audit: {
            actor,
            entry: {
              actionType: "site_image.create",
              tableName: "site_images",
              newValues: siteImageAuditView(input),
            },
          },
        },
      );
      await deleteReleasedFiles(host.storage, released);
      return toAdminImage(row);
    } catch (error) {
      await deleteVariants(host.storage, encoded.avif, encoded.webp);
      throw error;
    }
  });
}

const updateImage = defineAuditedWorkflow({
  entry: ({ id, input }: { id: string; input: SiteImageUpdate }) => ({
    actionType: "site_image.update",
    tableName: "site_images",
    recordId: id,
    newValues: input,
  }),
  steps: (tx, { id, input }) => updateSiteImage(tx, id, input),
});

export function updateSiteImageAsAdmin(
  host: WorkflowHost,
  actor: AuditActor,
  id: string,
  input: SiteImageUpdate,
) {
  return thenRefresh(host, async () => toAdminImage(await updateImage(host, actor, { id, input })));
}

const removeImage = defineAuditedWorkflow({
  entry: (id: string) => ({ actionType: "site_image.delete", tableName: "site_images", recordId: id }),
  steps: (tx, id) => deleteSiteImage(tx, id),
});

/** The image's row, then its files. */
export function deleteSiteImageAsAdmin(host: StorefrontHost, actor: AuditActor, id: string): Promise<void> {
  return thenRefresh(host, async () => {
    const row = await removeImage(host, actor, id);
    await deleteVariants(host.storage, row.avif, row.webp);
  });
}

const moderate = defineAuditedWorkflow({
  entry: ({ id, status }: { id: string; status: "approved" | "rejected" }) => ({
    actionType: `review.${status === "approved" ? "approve" : "reject"}`,
    tableName: "reviews",
    recordId: id,
  }),
  steps: async (tx, { id, status }) => {
    const change = await moderateReview(tx, id, status);
    return {
      result: change.after,
      audit: { oldValues: { status: change.before.status }, newValues: { status: change.after.status } },
    };
  },
});

/** Approves or rejects a review. */
export function moderateReviewAsAdmin(
  host: WorkflowHost,
  actor: AuditActor,
  id: string,
  status: "approved" | "rejected",
) {
  return thenRefresh(host, () => moderate(host, actor, { id, status }));
}

const removeReview = defineAuditedWorkflow({
  entry: (id: string) => ({ actionType: "review.delete", tableName: "reviews", recordId: id }),
  steps: async (tx, id) => {
    const deleted = await deleteReview(tx, id);
    return {
      result: deleted,
      audit: { oldValues: { rating: deleted.rating, name: deleted.name, status: deleted.status } },
    };
  },
});

/** The review, then its photo. */
export function deleteReviewAsAdmin(host: StorefrontHost, actor: AuditActor, id: string): Promise<void> {
  return thenRefresh(host, async () => {
    const row = await removeReview(host, actor, id);
    await deleteReviewPhoto(host.storage, row);
  });
}
