/** Query values as strings, blanks left out (the server treats a missing filter as "any"). */
export function query<T extends object>(filters: T): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== "") out[key] = String(value);
  }
  return out;
}
