import type {
  OptionCreateInput,
  OptionUpdateInput,
  ProductCreateInput,
  ProductUpdateInput,
} from "@shared/admin-schemas";
import type { OptionType } from "@shared/options";
import { api, ok } from "@web/lib/http/client";

// ---------------------------------------------------------------------------- products

export async function fetchAdminProducts() {
  return (await ok(api.admin.products.$get())).products;
}

export async function createProduct(input: ProductCreateInput) {
  return (await ok(api.admin.products.$post({ json: input }))).product;
}

export async function updateProduct(id: string, input: ProductUpdateInput) {
  return (await ok(api.admin.products[":id"].$patch({ param: { id }, json: input }))).product;
}

export async function reorderProducts(ids: string[]) {
  return (await ok(api.admin.products.reorder.$post({ json: { ids } }))).products;
}

/** Sets the product's photo from an image uploaded with uploadImage (features/creator/api/uploads.ts). */
export async function setProductImage(id: string, uploadId: string) {
  return (await ok(api.admin.products[":id"].image.$post({ param: { id }, json: { uploadId } }))).product;
}

export async function removeProductImage(id: string) {
  return (await ok(api.admin.products[":id"].image.$delete({ param: { id } }))).product;
}

/** Units on the shelf; null: made to order (no stock kept). Answers every product. */
export async function setProductStock(id: string, onHand: number | null) {
  return (await ok(api.admin.products[":id"].stock.$put({ param: { id }, json: { onHand } }))).products;
}

// ---------------------------------------------------------------------------- creator options

export async function fetchAdminOptions() {
  return (await ok(api.admin.options.$get())).options;
}

export async function createOption(input: OptionCreateInput) {
  return (await ok(api.admin.options.$post({ json: input }))).option;
}

export async function updateOption(id: string, input: OptionUpdateInput) {
  return (await ok(api.admin.options[":id"].$patch({ param: { id }, json: input }))).option;
}

export async function reorderOptions(optionType: OptionType, ids: string[]) {
  return (await ok(api.admin.options.reorder.$post({ json: { optionType, ids } }))).options;
}
