// Typical healthy adult weights of the breeds whose size really differs from an ordinary house cat, so
// the nutrition rule can question a target weight that is not a healthy adult weight for the breed
// (shared/rules/nutrition.ts) and the specialist can quote the same numbers.
//
// Maine Coon: adult females typically weigh about 8–12 lb (3.6–5.5 kg), adult males about 12–18 lb
// (5.5–8.2 kg); a 25 lb Maine Coon is obese, not "big-boned". Source: the Cat Fanciers' Association's
// Maine Coon breed profile (cfa.org: males 13–18 lb, females 8–12 lb; the male minimum here is 12 lb so
// the two ranges meet). Any breed is judged by body condition score, not by the scale alone (2021 AAHA
// Nutrition and Weight Management Guidelines for Dogs and Cats). Maine Coons fill out slowly, reaching
// full size at 3 to 5 years, but that is not a reason for years of growth food: the kitten stage ends at
// about 12 months (2021 AAHA/AAFP Feline Life Stage Guidelines), and some vets keep a large breed on
// growth food up to about 18 months.
//
// Other breeds have no entry on purpose: their healthy adult range overlaps an ordinary cat's, and a
// figure we cannot source is worse than none (their targets are still checked against 70 % of the
// current weight).
import { isKilograms, toPounds } from './weight-units.ts'

export interface WeightRangeKg {
  minKg: number
  maxKg: number
}

export interface BreedWeights {
  breed: string
  female: WeightRangeKg
  male: WeightRangeKg
}

export const BREED_WEIGHTS: readonly BreedWeights[] = [
  {
    breed: 'Maine Coon',
    female: { minKg: 3.6, maxKg: 5.5 },
    male: { minKg: 5.5, maxKg: 8.2 },
  },
]

/** The breed's entry, whatever the spelling's case ("Maine coon" on the profile, "maine coon" lower-cased). */
export function breedWeights(breed: string | null | undefined): BreedWeights | undefined {
  const wanted = breed?.trim().toLowerCase()
  if (!wanted) return undefined
  return BREED_WEIGHTS.find((entry) => entry.breed.toLowerCase() === wanted)
}

/** The healthy adult range for this cat: by sex when known, else from the smallest female to the largest male. */
export function healthyAdultRange(
  breed: string | null | undefined,
  gender: string | null | undefined,
): (WeightRangeKg & { breed: string }) | undefined {
  const entry = breedWeights(breed)
  if (!entry) return undefined
  const sex = gender?.trim().toLowerCase()
  if (sex === 'female') return { breed: entry.breed, ...entry.female }
  if (sex === 'male') return { breed: entry.breed, ...entry.male }
  return { breed: entry.breed, minKg: entry.female.minKg, maxKg: entry.male.maxKg }
}

/** '8 to 12 lb' or '3.6 to 5.5 kg': a range in the owner's unit, pounds whole as owners say them. */
export function weightRangeText({ minKg, maxKg }: WeightRangeKg, unit: string | null | undefined): string {
  if (isKilograms(unit)) return `${minKg} to ${maxKg} kg`
  return `${Math.round(toPounds(minKg, 'Kg'))} to ${Math.round(toPounds(maxKg, 'Kg'))} lb`
}
