import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "@shared/orders";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import type { OrderFilters } from "@web/features/admin/api";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FilterInput, FilterSelect } from "../../ui";

/** The orders' search box and filters; each change is written to the page's address. */
export function OrderFiltersCard({
  filters,
  onFilter: setFilter,
}: {
  filters: OrderFilters;
  onFilter: (key: keyof OrderFilters, value: string) => void;
}) {
  const [search, setSearch] = useState(filters.q ?? "");
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter("q", search.trim());
  };
  return (
    <Card className="mb-4 p-4">
      <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
        <FilterInput
          className="min-w-56 flex-1"
          label="Search orders"
          type="search"
          value={search}
          placeholder="Order number, e-mail or name"
          onChange={setSearch}
        />
        <Button type="submit" variant="primary">
          <Search aria-hidden="true" className="h-4 w-4" /> Search
        </Button>
      </form>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-6">
        <FilterSelect label="Status" value={filters.status ?? ""} onChange={(v) => setFilter("status", v)}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterInput
          label="From"
          type="date"
          value={filters.from ?? ""}
          onChange={(v) => setFilter("from", v)}
        />
        <FilterInput label="To" type="date" value={filters.to ?? ""} onChange={(v) => setFilter("to", v)} />
        <FilterSelect
          label="Test or live"
          value={filters.mode ?? "all"}
          onChange={(v) => setFilter("mode", v)}
        >
          <option value="all">Live and test</option>
          <option value="live">Live only</option>
          <option value="test">Test only</option>
        </FilterSelect>
        <FilterSelect
          label="Customer"
          value={filters.customer ?? "all"}
          onChange={(v) => setFilter("customer", v)}
        >
          <option value="all">Guests and customers</option>
          <option value="guest">Guest orders</option>
          <option value="customer">Customers' orders</option>
        </FilterSelect>
        <FilterSelect
          label="Sort"
          value={filters.sort ?? "newest"}
          onChange={(v) => setFilter("sort", v === "urgency" ? v : "")}
        >
          <option value="newest">Newest first</option>
          <option value="urgency">Most urgent first</option>
        </FilterSelect>
      </div>
    </Card>
  );
}
