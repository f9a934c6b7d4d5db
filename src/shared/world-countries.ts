/**
 * Every ISO 3166-1 country, named in English, for the checkout's country picker and the
 * shipping zones. The list is i18n-iso-countries' English data (maintained upstream); a
 * country the spec's phone table also names keeps the spec's name ("United States",
 * "Russia", "South Korea"), so a saved profile's country and a checkout's agree.
 */
import english from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { findCountryByIso2 } from "./countries";

export interface WorldCountry {
  /** ISO 3166-1 alpha-2, upper case: "GB", "IE". */
  readonly code: string;
  /** The English name shown: "United Kingdom", "Ireland". */
  readonly name: string;
  /** Other English names people search by ("UK", "Great Britain", "Holland"…). */
  readonly aliases: readonly string[];
}

export const UK_CODE = "GB";
export const IRELAND_CODE = "IE";
/** The spec's default: checkout starts on the United Kingdom. */
export const DEFAULT_COUNTRY_CODE = UK_CODE;

const englishNames = english.countries as Record<string, string | readonly string[]>;

function build(): WorldCountry[] {
  const rows = Object.entries(englishNames).map(([code, names]): WorldCountry => {
    const all = typeof names === "string" ? [names] : [...names];
    const name = findCountryByIso2(code)?.name ?? all[0] ?? code;
    return { code, name, aliases: all.filter((n) => n !== name) };
  });
  const pinned = [UK_CODE, IRELAND_CODE];
  const rest = rows
    .filter((c) => !pinned.includes(c.code))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [...pinned.map((code) => rows.find((c) => c.code === code)).filter((c) => c !== undefined), ...rest];
}

/** The United Kingdom, then Ireland, then every other country by English name. */
export const WORLD_COUNTRIES: readonly WorldCountry[] = build();

const byCode = new Map(WORLD_COUNTRIES.map((c) => [c.code, c]));

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

const byName = new Map<string, string>();
for (const country of WORLD_COUNTRIES) {
  for (const name of [country.name, ...country.aliases]) {
    if (!byName.has(fold(name))) byName.set(fold(name), country.code);
  }
}

export function isCountryCode(value: string): boolean {
  return byCode.has(value.toUpperCase());
}

export function worldCountry(code: string | null | undefined): WorldCountry | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

/** "IE" -> "Ireland"; an unknown code is returned as given. */
export function countryName(code: string): string {
  return worldCountry(code)?.name ?? code;
}

/** A code ("ie") or an English name or alias ("Ireland", "UK", "Côte d'Ivoire") -> "IE"; else undefined. */
export function countryCodeOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed)) return trimmed.toUpperCase();
  return byName.get(fold(trimmed));
}

/** Countries whose name or alias contains the query (accents and case ignored), in list order. */
export function searchCountries(
  query: string,
  countries: readonly WorldCountry[] = WORLD_COUNTRIES,
): WorldCountry[] {
  const wanted = fold(query);
  if (!wanted) return [...countries];
  return countries.filter(
    (c) =>
      c.code.toLowerCase() === wanted || [c.name, ...c.aliases].some((name) => fold(name).includes(wanted)),
  );
}
