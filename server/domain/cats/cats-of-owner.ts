// The cats read, the call every signed-in page makes, as one SQL statement. Prisma's findMany spent about
// 125 µs of CPU per call here building and interpreting the query, $queryRaw about 45 µs, for the same
// rows (npm run bench). The columns are aliased to Prisma's field names, so the rows have the shape a
// findMany with CAT_COLUMNS (cat-record.ts) returns; tests/api/cat.test.ts holds the two reads equal.
// The benchmark's bare-`pg` baseline (scripts/bench/baseline-pg.ts) runs this same statement.
import type { Db } from '../../db.ts'

export const CATS_OF_OWNER_SQL = `SELECT id, name, breed, gender, age, weight,
  weight_unit AS "weightUnit", target_weight AS "targetWeight", goals, issues_faced AS "issuesFaced",
  activity_level AS "activityLevel", required_progress AS "requiredProgress",
  check_in_period AS "checkInPeriod", training_days AS "trainingDays",
  medical_conditions AS "medicalConditions", medications, dietary_restrictions AS "dietaryRestrictions",
  medical_history AS "medicalHistory", items, food_bowls AS "foodBowls", treats, playtime,
  welcome_message_specific_detail AS "welcomeMessageSpecificDetail",
  welcome_message_relevant_response AS "welcomeMessageRelevantResponse",
  (SELECT json_build_object('mimetype', p.mimetype) FROM cat_photos p WHERE p.cat_id = cats.id) AS photo,
  created_at AS "createdAt", updated_at AS "updatedAt"
FROM cats WHERE user_id = $1 ORDER BY id ASC`

/** An owner's cats, oldest first, without the photo bytes. The owner id is a bound parameter. */
export function catsOfOwner<Row>(db: Db, userId: number): Promise<Row[]> {
  return db.$queryRawUnsafe<Row[]>(CATS_OF_OWNER_SQL, userId)
}
