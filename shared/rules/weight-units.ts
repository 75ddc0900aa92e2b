// Pounds and kilograms, once (docs/product.md §9: one pound is 0.453592 kg). Every conversion in the product
// goes through convertWeight, and every converted weight a person reads or the app stores is rounded by
// roundWeight (one decimal). Rules that compute with weights (energy, pace) use the unrounded value.

/** The only place the factor is written. */
export const KG_PER_LB = 0.453592

/** Whether a stored unit means kilograms, whatever its spelling ('Kg', 'kg', 'kgs', 'kilos'); else pounds. */
export function isKilograms(unit: string | null | undefined): boolean {
  return /^\s*(kg|kgs|kilo|kilos|kilograms?)\s*$/i.test(unit ?? '')
}

/**
 * A weight from one unit to the other, unrounded. An unknown unit counts as pounds
 * (docs/product.md §3's default).
 */
export function convertWeight(
  weight: number,
  from: string | null | undefined,
  to: string | null | undefined,
): number {
  const fromKg = isKilograms(from)
  if (fromKg === isKilograms(to)) return weight
  return fromKg ? weight / KG_PER_LB : weight * KG_PER_LB
}

/** The one rounding of a weight shown or stored after a conversion: one decimal. */
export function roundWeight(value: number): number {
  return Math.round(value * 10) / 10
}

/** Pounds to kilograms, rounded: 10 → 4.5. */
export function lbsToKg(lbs: number): number {
  return roundWeight(convertWeight(lbs, 'lb', 'kg'))
}

/** Kilograms to pounds, rounded: 4.5 → 9.9. */
export function kgToLbs(kg: number): number {
  return roundWeight(convertWeight(kg, 'kg', 'lb'))
}

/** The weight in pounds, unrounded. */
export function toPounds(weight: number, unit: string | null | undefined): number {
  return convertWeight(weight, unit, 'lb')
}

/** The weight in kilograms, unrounded. */
export function toKilograms(weight: number, unit: string | null | undefined): number {
  return convertWeight(weight, unit, 'kg')
}
