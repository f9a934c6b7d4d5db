import { CARRIER_LABELS, CARRIERS, type Carrier, isCarrier } from "@shared/fulfilment";
import { FilterSelect } from "../ui";

/** The carrier a dispatch goes with (one order's, or a bulk dispatch's). */
export function CarrierSelect({ value, onChange }: { value: Carrier; onChange: (carrier: Carrier) => void }) {
  return (
    <FilterSelect label="Carrier" value={value} onChange={(v) => onChange(isCarrier(v) ? v : "other")}>
      {CARRIERS.map((c) => (
        <option key={c} value={c}>
          {CARRIER_LABELS[c]}
        </option>
      ))}
    </FilterSelect>
  );
}
