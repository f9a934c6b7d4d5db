/**
 * One header map for every CSV the shop imports (issue 47 item 2). A file's columns are found by
 * their names, case, spaces and punctuation ignored ("Order Ref." is "orderref"), and each field
 * lists its names in order of preference: the column whose name comes first in that list wins,
 * wherever it stands in the file. Taking the first matching header in file order read Click &
 * Drop's "Order number" (its own id) instead of "Order reference" (ours) when a file had both.
 */

/** A header as it is compared: lower case, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Each field's header names, most preferred first. */
export type ColumnNames<F extends string> = Readonly<Record<F, readonly string[]>>;

/** Where each field's column is in the header row, or null when the file has none of its names. */
export type ColumnMap<F extends string> = Record<F, number | null>;

/**
 * Each field's column. A field takes the column of its most preferred name present in `header`
 * (the first such column when a name repeats); a column is read for one field only: the fields
 * are served in the order `names` lists them, and a later field skips a column already taken.
 */
export function mapColumns<F extends string>(header: readonly string[], names: ColumnNames<F>): ColumnMap<F> {
  const keys = header.map(headerKey);
  const taken = new Set<number>();
  const map = {} as ColumnMap<F>;
  for (const field of Object.keys(names) as F[]) {
    let found: number | null = null;
    for (const name of names[field]) {
      const key = headerKey(name);
      const index = keys.findIndex((k, i) => k === key && !taken.has(i));
      if (index >= 0) {
        found = index;
        break;
      }
    }
    if (found !== null) taken.add(found);
    map[field] = found;
  }
  return map;
}
