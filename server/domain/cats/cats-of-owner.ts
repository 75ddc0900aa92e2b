// The cats read, the call every signed-in page makes, as one SQL statement. Prisma's findMany spent about
// 125 µs of CPU per call here building and interpreting the query, $queryRaw about 45 µs, node-postgres
// itself less again (server/db.ts, preparedQuery), for the same
// rows (npm run bench); each further statement is one more round trip to PostgreSQL, whose backend
// shares the server's cores (the household's shared cats as two Prisma reads more than halved the
// read's throughput); and both statements are prepared once per connection (server/db.ts,
// preparedName), since planning the union below cost PostgreSQL five times its execution. The columns are aliased to Prisma's field names, so the rows have the shape a
// findMany with CAT_COLUMNS (cat-record.ts) returns; tests/api/cat.test.ts holds the two reads equal.
// The benchmark's bare-`pg` baseline (scripts/bench/baseline-pg.ts) runs CATS_OF_USER_SQL.
import { type Db, preparedQuery } from '../../db.ts'
import type { HouseholdRole } from '../household/access.ts'
import type { CatRow } from './cat-record.ts'

const CAT_FIELDS = `cats.id, cats.name, cats.breed, cats.gender, cats.age, cats.weight,
  cats.weight_unit AS "weightUnit", cats.target_weight AS "targetWeight", cats.goals,
  cats.issues_faced AS "issuesFaced", cats.activity_level AS "activityLevel",
  cats.required_progress AS "requiredProgress", cats.check_in_period AS "checkInPeriod",
  cats.training_days AS "trainingDays", cats.medical_conditions AS "medicalConditions", cats.medications,
  cats.dietary_restrictions AS "dietaryRestrictions", cats.medical_history AS "medicalHistory", cats.items,
  cats.food_bowls AS "foodBowls", cats.treats, cats.playtime,
  cats.welcome_message_specific_detail AS "welcomeMessageSpecificDetail",
  cats.welcome_message_relevant_response AS "welcomeMessageRelevantResponse",
  (SELECT json_build_object('mimetype', p.mimetype) FROM cat_photos p WHERE p.cat_id = cats.id) AS photo,
  cats.created_at AS "createdAt", cats.updated_at AS "updatedAt"`

const CATS_OF_OWNER_SQL = `/* prepared:cats_of_owner */ SELECT ${CAT_FIELDS} FROM cats WHERE user_id = $1 ORDER BY id ASC`

/**
 * The user's own cats, oldest first, then the cats shared with them by a membership in force (family
 * until removed, a sitter until access_ends_at; all the owner's cats or the listed ones), oldest first,
 * each with its owner's e-mail and the member's role: the household's policy (household/access.ts,
 * sharedCats) as one statement.
 */
export const CATS_OF_USER_SQL = `/* prepared:cats_of_user */ SELECT * FROM (
  SELECT ${CAT_FIELDS}, NULL::text AS "sharedBy", NULL::text AS role, 0 AS shared
  FROM cats WHERE cats.user_id = $1
  UNION ALL
  SELECT ${CAT_FIELDS}, owner.email AS "sharedBy", m.role, 1 AS shared
  FROM household_members m
  JOIN users owner ON owner.id = m.owner_id
  JOIN cats ON cats.user_id = m.owner_id AND (m.all_cats OR cats.id = ANY (m.cat_ids))
  WHERE m.member_id = $1 AND (m.access_ends_at IS NULL OR m.access_ends_at > now())
) AS reachable ORDER BY shared, id`

/** An owner's cats, oldest first, without the photo bytes. The owner id is a bound parameter. */
export function catsOfOwner<Row>(db: Db, userId: number): Promise<Row[]> {
  return preparedQuery<Row>(db, CATS_OF_OWNER_SQL, [userId])
}

/** A cat row of CATS_OF_USER_SQL: shared ones carry their owner's e-mail and the member's role. */
export type ReachableCatRow = CatRow & { sharedBy: string | null; role: HouseholdRole | null }

/** The cats a user sees: their own, then those shared with them (CATS_OF_USER_SQL). */
export function catsOfUser(db: Db, userId: number): Promise<ReachableCatRow[]> {
  return preparedQuery<ReachableCatRow>(db, CATS_OF_USER_SQL, [userId])
}
