/** The owner's prices saved from the admin (an audited workflow), and the catalogue read again. */
import { type AuditActor, runWorkflow, type WorkflowHost } from "../platform/index.js";
import { invalidateCatalog } from "./catalog-cache.js";
import { updateShopPrices } from "./shop-prices.js";

/** The owner's prices, saved and audited; the catalogue is read again, committed or not. */
export async function saveShopPrices(
  host: WorkflowHost,
  actor: AuditActor,
  input: Parameters<typeof updateShopPrices>[1],
): Promise<void> {
  try {
    await runWorkflow(
      host,
      async (tx) => {
        const { before, after } = await updateShopPrices(tx, input);
        return { audit: { oldValues: before, newValues: after } };
      },
      {
        audit: {
          actor,
          entry: {
            actionType: "prices.update",
            tableName: "bundle_prices",
            recordId: null,
            newValues: input,
          },
        },
      },
    );
  } finally {
    // Committed or not, the next catalogue request and checkout read the tables again.
    invalidateCatalog(host.database.db);
  }
}
