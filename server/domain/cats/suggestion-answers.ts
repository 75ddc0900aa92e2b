// What a cat's daily suggestions (docs/product.md §3's food bowls, treats, playtime and welcome messages) are
// made from: the answers the rule reads (shared/rules/recommendations.ts) and, for a model, breed and gender.
import type { Cat, CatFields } from '../../../shared/schemas/cat.ts'

/** The answers the rule reads; when one of them changes, the suggestions are made again. */
const RULE_ANSWERS = [
  'name',
  'age',
  'weight',
  'unit',
  'target_weight',
  'activity_level',
  'issues_faced',
  'goals',
  'required_progress',
  'medical_conditions',
] as const satisfies readonly (keyof Cat & keyof CatFields)[]

export function suggestionAnswersChanged(before: Cat, after: Cat): boolean {
  return RULE_ANSWERS.some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
}

/** The cat's answers as the recommendations read them at creation (an unknown number is left out). */
export function suggestionAnswers(cat: Cat): CatFields {
  return {
    name: cat.name,
    breed: cat.breed,
    gender: cat.gender,
    age: cat.age ?? undefined,
    weight: cat.weight ?? undefined,
    unit: cat.unit,
    target_weight: cat.target_weight ?? undefined,
    activity_level: cat.activity_level,
    issues_faced: cat.issues_faced,
    goals: cat.goals,
    required_progress: cat.required_progress,
    medical_conditions: cat.medical_conditions,
  } as CatFields
}
