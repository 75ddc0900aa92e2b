// What the specialist is told about the weight log: the last weighings, the trend (with the
// fatty-liver warning when the loss is too fast), the one nutrition rule's food advice, and how to offer
// logging a weight the owner reports. Server-written, so it is not capped like owner-typed fields.
import { nutritionAdvice } from '../../../shared/rules/nutrition.ts'
import type { WeightUnit } from '../../../shared/rules/weight.ts'
import { weightTrend } from '../../../shared/rules/weight-trend.ts'
import type { Db } from '../../db.ts'

const LAST_WEIGHINGS = 6

interface CatForLog {
  id: number
  name: string
  age: number | null
  weight: number | null
  weightUnit: string
  targetWeight: number | null
  activityLevel: string
  breed: string | null
  gender: string | null
}

const OFFER =
  "If the owner's message reports the cat's weight today, thank them and tell them they can add it to the weight log with the 'Log it' button under your reply; never say it is logged already."

/** The instructions' weight-log paragraph for the cat; null without a cat. One statement. */
export async function weightLogForSpecialist(db: Db, cat: CatForLog | null): Promise<string | null> {
  if (!cat) return null
  const unit: WeightUnit = cat.weightUnit.toLowerCase() === 'kg' ? 'Kg' : 'Lbs'
  const rows = await db.weightEntry.findMany({
    where: { catId: cat.id },
    orderBy: [{ measuredAt: 'desc' }, { id: 'desc' }],
    take: LAST_WEIGHINGS,
    select: { weight: true, unit: true, measuredAt: true },
  })
  const entries = rows
    .reverse()
    .map((r) => ({ weight: r.weight, unit: r.unit, measured_at: r.measuredAt.toISOString() }))
  const profile = {
    name: cat.name,
    age: cat.age,
    weight: cat.weight,
    target_weight: cat.targetWeight,
    unit: cat.weightUnit,
    activity_level: cat.activityLevel,
    breed: cat.breed,
    gender: cat.gender,
  }
  const food = nutritionAdvice(profile)
  // The rule's answer for a cat that is not eating, so the model never diets one either.
  const notEating = nutritionAdvice({ ...profile, not_eating: true })
  const log =
    entries.length === 0
      ? 'No weight is logged yet; suggest weighing the cat weekly and logging it on the progress page.'
      : [
          `The cat's weight log, oldest first: ${entries.map((e) => `${e.weight} ${e.unit === 'Kg' ? 'kg' : 'lb'} on ${e.measured_at.slice(0, 10)}`).join('; ')}.`,
          `Trend: ${weightTrend(entries, unit).changeSentence}`,
        ].join('\n')
  return [
    log,
    `Food, by the app's nutrition rule (use these numbers whenever food amounts come up, so you agree with the plan): ${food}`,
    `If the owner says the cat is not eating, give no diet and no calorie cut; say instead: ${notEating}`,
    OFFER,
  ].join('\n')
}
