// The cat the specialist talks about, and what of it the assistant reads.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Cat } from '../../generated/prisma/client.ts'
import type { CatProfileForAssistant } from '../../services/assistant/types.ts'

/**
 * The owner's `catId` when given (someone else's is a 404), else the owner's newest cat (SPEC §4: the
 * highest id is the current cat), else none.
 */
export async function specialistCat(db: Db, userId: number, catId: number | null): Promise<Cat | null> {
  if (catId !== null) {
    const cat = await db.cat.findFirst({ where: { id: catId, userId }, omit: { photo: true } })
    if (!cat) throw appError('CAT_NOT_FOUND')
    return cat as Cat
  }
  return (await db.cat.findFirst({
    where: { userId },
    orderBy: { id: 'desc' },
    omit: { photo: true },
  })) as Cat | null
}

export function catProfile(cat: Cat | null): CatProfileForAssistant | null {
  if (!cat) return null
  return {
    name: cat.name || null,
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

/** The profile with the weight log's paragraph (issue 22), when there is a profile. */
export function withWeightLog(
  profile: CatProfileForAssistant | null,
  weightLog: string | null,
): CatProfileForAssistant | null {
  return profile ? { ...profile, weightLog } : null
}
