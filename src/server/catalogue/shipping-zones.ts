/**
 * Shipping zones in the database (issue 16): read for every checkout (so an admin's edit
 * applies to the next one), replaced whole by the admin screen in one audited transaction.
 */
import { DUTIES_POLICIES, type DutiesPolicy, type ShippingZone } from "@shared/shipping-zones";
import { asc } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { shippingZoneCountries, shippingZones } from "../db/schema.js";
import { type AuditActor, runWorkflow, type WorkflowHost } from "../platform/index.js";

function dutiesOf(value: string | null): DutiesPolicy | null {
  return (DUTIES_POLICIES as readonly string[]).includes(value ?? "") ? (value as DutiesPolicy) : null;
}

/** Every zone with its countries, in the admin's order. */
export async function listShippingZones(db: DbOrTx): Promise<ShippingZone[]> {
  const [zones, countries] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.sortOrder), asc(shippingZones.id)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
  ]);
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    countries: countries.filter((c) => c.zoneId === zone.id).map((c) => c.country),
    standardPence: zone.standardPrice,
    expressPence: zone.expressPrice,
    freeStandardOverPence: zone.freeStandardOver,
    standardDays: { min: zone.standardDaysMin, max: zone.standardDaysMax },
    expressDays: { min: zone.expressDaysMin, max: zone.expressDaysMax },
    duties: dutiesOf(zone.duties),
    sortOrder: zone.sortOrder,
  }));
}

/** Writes `zones` as the whole set (validated beforehand with shippingZonesSchema). */
export async function replaceShippingZones(tx: Tx | DbOrTx, zones: readonly ShippingZone[]): Promise<void> {
  await tx.delete(shippingZoneCountries);
  await tx.delete(shippingZones);
  if (zones.length === 0) return;
  await tx.insert(shippingZones).values(
    zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      standardPrice: zone.standardPence,
      expressPrice: zone.expressPence,
      freeStandardOver: zone.freeStandardOverPence,
      standardDaysMin: zone.standardDays.min,
      standardDaysMax: zone.standardDays.max,
      expressDaysMin: zone.expressDays.min,
      expressDaysMax: zone.expressDays.max,
      duties: zone.duties,
      sortOrder: zone.sortOrder,
    })),
  );
  const rows = zones.flatMap((zone) => zone.countries.map((country) => ({ zoneId: zone.id, country })));
  if (rows.length > 0) await tx.insert(shippingZoneCountries).values(rows);
}

/** The owner's shipping zones, replaced whole and audited; answers them as saved. */
export async function saveShippingZones(
  host: WorkflowHost,
  actor: AuditActor,
  zones: readonly ShippingZone[],
): Promise<ShippingZone[]> {
  const { after } = await runWorkflow(
    host,
    async (tx) => {
      const before = await listShippingZones(tx);
      await replaceShippingZones(tx, zones);
      const after = await listShippingZones(tx);
      return { after, audit: { oldValues: { zones: before }, newValues: { zones: after } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "shipping_zones.update",
          tableName: "shipping_zones",
          recordId: null,
          newValues: { zones },
        },
      },
    },
  );
  return after;
}
