// The cat the specialist talks about, and what of it the assistant reads.
import { currentCat } from '../../../shared/rules/current-cat.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Cat } from '../../generated/prisma/client.ts'
import type { CatProfileForAssistant } from '../../services/assistant/types.ts'
import { reachableCat } from '../household/access.ts'

/** The cat the chat is about, with the owner's household: their cats' names, and whether they chose it. */
export type SpecialistCat = Cat & { household?: { names: string[]; chosen: boolean } }

/** The owner's cats without their photos, oldest first (an owner has a handful). */
async function ownerCats(db: Db, userId: number): Promise<Cat[]> {
  return db.cat.findMany({ where: { userId }, orderBy: { id: 'asc' } })
}

function withHousehold(cat: Cat, cats: readonly Cat[], chosen: boolean): SpecialistCat {
  const names = cats.map((c) => c.name.trim()).filter((name) => name !== '')
  return { ...cat, household: { names, chosen } }
}

/**
 * The owner's `catId` when given (someone else's is a 404), else the owner's current cat (the highest
 * id, shared/rules/current-cat.ts), else none; with the names of all the owner's cats.
 */
export async function specialistCat(
  db: Db,
  userId: number,
  catId: number | null,
): Promise<SpecialistCat | null> {
  const cats = await ownerCats(db, userId)
  if (catId !== null) {
    const own = cats.find((c) => c.id === catId)
    if (own) return withHousehold(own, cats, true)
    // A cat shared with the user: the household's policy decides (family may chat, a sitter may not).
    const shared = await reachableCat(db, userId, catId, 'chat')
    if (!shared) throw appError('CAT_NOT_FOUND')
    const theirs = await ownerCats(db, shared.ownerId)
    const cat = theirs.find((c) => c.id === catId)
    if (!cat) throw appError('CAT_NOT_FOUND')
    return withHousehold(cat, theirs, true)
  }
  const cat = currentCat(cats, null)
  return cat ? withHousehold(cat, cats, false) : null
}

export function catProfile(cat: SpecialistCat | null): CatProfileForAssistant | null {
  if (!cat) return null
  return {
    name: cat.name || null,
    household: cat.household,
    breed: cat.breed || null,
    gender: cat.gender || null,
    age: cat.age,
    weight: cat.weight,
    weightUnit: cat.weightUnit || null,
    targetWeight: cat.targetWeight,
    activityLevel: cat.activityLevel || null,
    issuesFaced: cat.issuesFaced,
    goals: cat.goals,
    requiredProgress: cat.requiredProgress,
    medicalConditions: cat.medicalConditions || null,
    medications: cat.medications || null,
    dietaryRestrictions: cat.dietaryRestrictions || null,
    medicalHistory: cat.medicalHistory || null,
  }
}

/** The profile with the weight log's paragraph, when there is a profile. */
export function withWeightLog(
  profile: CatProfileForAssistant | null,
  weightLog: string | null,
): CatProfileForAssistant | null {
  return profile ? { ...profile, weightLog } : null
}

/** The profile with the health record's current medications, when there is a profile. */
export function withCurrentMedications(
  profile: CatProfileForAssistant | null,
  medications: NonNullable<CatProfileForAssistant['currentMedications']>,
): CatProfileForAssistant | null {
  return profile ? { ...profile, currentMedications: medications } : null
}
