// A cat as stored and as answered (docs/product.md §3 "Cat"): the columns a cat answer reads, the
// row-to-answer mapping, and the sent fields as columns (absent fields are left as they are).
import type { Cat, CatFields } from '../../../shared/schemas/cat.ts'
import type { Prisma } from '../../generated/prisma/client.ts'

/** Every column a cat answer needs, and not the photo's bytes (lists stay light). */
export const CAT_COLUMNS = {
  id: true,
  name: true,
  breed: true,
  gender: true,
  age: true,
  weight: true,
  weightUnit: true,
  targetWeight: true,
  goals: true,
  issuesFaced: true,
  activityLevel: true,
  requiredProgress: true,
  checkInPeriod: true,
  trainingDays: true,
  medicalConditions: true,
  medications: true,
  dietaryRestrictions: true,
  medicalHistory: true,
  items: true,
  foodBowls: true,
  treats: true,
  playtime: true,
  welcomeMessageSpecificDetail: true,
  welcomeMessageRelevantResponse: true,
  // Only whether there is one: the bytes live in cat_photos and never come with a cat.
  photo: { select: { mimetype: true } },
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CatSelect

export type CatRow = Prisma.CatGetPayload<{ select: typeof CAT_COLUMNS }>

export function toCat(row: CatRow): Cat {
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    gender: row.gender,
    age: row.age,
    weight: row.weight,
    unit: row.weightUnit,
    target_weight: row.targetWeight,
    goals: row.goals,
    issues_faced: row.issuesFaced,
    activity_level: row.activityLevel,
    required_progress: row.requiredProgress,
    check_in_period: row.checkInPeriod,
    training_days: row.trainingDays,
    medical_conditions: row.medicalConditions,
    medications: row.medications,
    dietary_restrictions: row.dietaryRestrictions,
    medical_history: row.medicalHistory,
    items: row.items,
    food_bowls: row.foodBowls,
    treats: row.treats,
    playtime: row.playtime,
    welcome_message_specific_detail: row.welcomeMessageSpecificDetail,
    welcome_message_relevant_response: row.welcomeMessageRelevantResponse,
    has_photo: row.photo !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** The fields that were sent, as columns; absent fields are left as they are. */
export function toColumns(fields: CatFields): Prisma.CatUncheckedUpdateInput {
  const name = fields.name ?? fields.cat_name
  const columns: Prisma.CatUncheckedUpdateInput = {}
  if (name !== undefined) columns.name = name
  if (fields.breed !== undefined) columns.breed = fields.breed
  if (fields.gender !== undefined) columns.gender = fields.gender
  if (fields.age !== undefined) columns.age = fields.age
  if (fields.weight !== undefined) columns.weight = fields.weight
  if (fields.unit !== undefined) columns.weightUnit = fields.unit
  if (fields.target_weight !== undefined) columns.targetWeight = fields.target_weight
  if (fields.goals !== undefined) columns.goals = fields.goals
  if (fields.issues_faced !== undefined) columns.issuesFaced = fields.issues_faced
  if (fields.activity_level !== undefined) columns.activityLevel = fields.activity_level
  if (fields.required_progress !== undefined) columns.requiredProgress = fields.required_progress
  if (fields.check_in_period !== undefined) columns.checkInPeriod = fields.check_in_period
  if (fields.training_days !== undefined) columns.trainingDays = fields.training_days
  if (fields.medical_conditions !== undefined) columns.medicalConditions = fields.medical_conditions
  if (fields.medications !== undefined) columns.medications = fields.medications
  if (fields.dietary_restrictions !== undefined) columns.dietaryRestrictions = fields.dietary_restrictions
  if (fields.medical_history !== undefined) columns.medicalHistory = fields.medical_history
  if (fields.items !== undefined) columns.items = fields.items
  return columns
}
