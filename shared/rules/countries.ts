// The country and state pickers' data (docs/product.md §1: about 240 countries with their regions), from the
// country-region-data package. Some region codes are the literal text 'undefined' and one is empty:
// those regions are identified by their name instead, so every option has a usable, unique value.
import { allCountries } from 'country-region-data'

export interface RegionOption {
  name: string
  /** The region's short code, or its name when the data has no usable code. */
  code: string
}

export interface CountryOption {
  name: string
  code: string
  regions: RegionOption[]
}

function usableCode(code: string | undefined): string | null {
  const value = code?.trim() ?? ''
  return value === '' || value === 'undefined' ? null : value
}

/**
 * Countries whose billing address needs no state: the data lists the United Kingdom's 217
 * council areas, which no UK owner thinks of as a state; the postcode is what a UK address needs.
 */
const NO_STATE = new Set(['GB'])

export const COUNTRIES: readonly CountryOption[] = allCountries.map(([name, code, regions]) => {
  if (NO_STATE.has(code)) return { name, code, regions: [] }
  const seen = new Set<string>()
  const options: RegionOption[] = []
  for (const [regionName, regionCode] of regions) {
    const value = usableCode(regionCode) ?? regionName
    // A code shared by two regions would make two options one; the second keeps its name instead.
    const unique = seen.has(value) ? regionName : value
    if (seen.has(unique)) continue
    seen.add(unique)
    options.push({ name: regionName, code: unique })
  }
  return { name, code, regions: options }
})

export function regionsOf(countryCode: string): RegionOption[] {
  return COUNTRIES.find((country) => country.code === countryCode)?.regions ?? []
}

/**
 * docs/product.md §5 "Payment step 1": a state is required when the chosen country
 * has states or regions to pick.
 */
export function needsState(countryCode: string): boolean {
  return regionsOf(countryCode).length > 0
}
