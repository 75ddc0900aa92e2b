// "Download my data" written as it is read: the document's JSON text comes out a page of rows at a time
// (EXPORT_PAGE rows, read by id cursor), so the server holds one page whatever the account's size. A whole
// account built in memory first (10,000 messages of 4,000 characters, twice over as objects and as text)
// took the process past its heap.
import type { Db } from '../../db.ts'
import { toCheckIn } from '../care/check-ins.ts'
import { toCarePlan } from '../care/plan.ts'

/**
 * Each table that holds the owner's data, by its Prisma model, and the key of the document it is under
 * (tests/api/export-every-table.test.ts walks the schema and fails on a model in neither this list nor
 * its list of tables that are not the owner's data).
 */
export const EXPORTED_TABLES = {
  Cat: 'cats',
  CatPhoto: 'cats',
  Conversation: 'conversations',
  ConversationMessage: 'conversations',
  Interview: 'interviews',
  InterviewMessage: 'interviews',
  Subscription: 'subscriptions',
  Payment: 'payments',
  ChatAttachment: 'chat_photos',
  WeightEntry: 'weights',
  HouseholdMember: 'household_members',
  HouseholdInvite: 'household_invites',
  CareActivity: 'care_activity',
  ReportShareLink: 'report_share_links',
  CalendarFeed: 'calendar_feeds',
  PushSubscription: 'push_subscriptions',
  CarePlan: 'care_plans',
  CheckIn: 'check_ins',
  Vaccination: 'vaccinations',
  Medication: 'medications',
  MedicationDose: 'medication_doses',
  CatDocument: 'documents',
  CatVets: 'vets',
  FollowUp: 'follow_ups',
  Escalation: 'escalations',
  TriageDisagreement: 'triage_disagreements',
} as const

/** Where an exported document's bytes are read (the bearer-token row), as a cat's photo is at photo_url. */
const documentPath = (id: number) => `/api/care/documents/${id}`

/** Rows read per query; each page's text is handed on before the next is read. */
export const EXPORT_PAGE = 500

type Row = { id: number }

/** Every row `read` returns, EXPORT_PAGE at a time in id order, each turned into JSON text by `write`. */
async function* pagedArray<T extends Row>(
  read: (after: number, take: number) => Promise<T[]>,
  write: (row: T) => unknown = (row) => row,
): AsyncGenerator<string> {
  yield '['
  let after = 0
  let first = true
  for (;;) {
    const page = await read(after, EXPORT_PAGE)
    if (page.length === 0) break
    let text = ''
    for (const row of page) {
      text += (first ? '' : ',') + JSON.stringify(write(row))
      first = false
    }
    yield text
    after = (page.at(-1) as T).id
    if (page.length < EXPORT_PAGE) break
  }
  yield ']'
}

/** An object whose last field is a paged array: `{...fields, "<key>": [ …pages… ]}`. */
async function* withPagedField(
  fields: Record<string, unknown>,
  key: string,
  pages: AsyncGenerator<string>,
): AsyncGenerator<string> {
  const head = JSON.stringify(fields)
  yield `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(key)}:`
  yield* pages
  yield '}'
}

const after = (id: number) => ({ id: { gt: id } })

/** Messages of one conversation or interview, paged. */
function conversationMessages(db: Db, conversationId: number) {
  return pagedArray((id, take) =>
    db.conversationMessage.findMany({
      where: { conversationId, ...after(id) },
      orderBy: { id: 'asc' },
      take,
    }),
  )
}

function interviewMessages(db: Db, interviewId: number) {
  return pagedArray((id, take) =>
    db.interviewMessage.findMany({ where: { interviewId, ...after(id) }, orderBy: { id: 'asc' }, take }),
  )
}

/** Each parent row (paged) with its children (paged) nested under `key`. */
async function* nestedArray<T extends Row>(
  read: (after: number, take: number) => Promise<T[]>,
  key: string,
  children: (parent: T) => AsyncGenerator<string>,
): AsyncGenerator<string> {
  yield '['
  let cursor = 0
  let first = true
  for (;;) {
    const page = await read(cursor, EXPORT_PAGE)
    for (const parent of page) {
      if (!first) yield ','
      first = false
      yield* withPagedField(parent as Record<string, unknown>, key, children(parent))
    }
    if (page.length < EXPORT_PAGE) break
    cursor = (page.at(-1) as T).id
  }
  yield ']'
}

/**
 * The document's fields in order, each value a JSON text stream. The same fields, with the same values,
 * as the document built whole used to have (docs/api.md).
 */
export async function* exportDocument(
  db: Db,
  userId: number,
  account: Record<string, unknown>,
  photoPath: (catId: number) => string,
): AsyncGenerator<string> {
  const fields: [string, () => AsyncGenerator<string>][] = [
    [
      'cats',
      () =>
        pagedArray(
          (id, take) =>
            db.cat.findMany({
              where: { userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              include: { photo: { select: { mimetype: true } } },
            }),
          ({ photo, ...cat }) => ({ ...cat, photo_url: photo ? photoPath(cat.id) : null }),
        ),
    ],
    [
      'conversations',
      () =>
        nestedArray(
          (id, take) =>
            db.conversation.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
          'messages',
          (c) => conversationMessages(db, c.id),
        ),
    ],
    [
      'interviews',
      () =>
        nestedArray(
          (id, take) =>
            db.interview.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
          'messages',
          (i) => interviewMessages(db, i.id),
        ),
    ],
    [
      'subscriptions',
      () =>
        pagedArray((id, take) =>
          db.subscription.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
        ),
    ],
    [
      'payments',
      () =>
        pagedArray((id, take) =>
          db.payment.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
        ),
    ],
    [
      'chat_photos',
      () =>
        pagedArray((id, take) =>
          db.chatAttachment.findMany({
            where: { userId, ...after(id) },
            orderBy: { id: 'asc' },
            take,
            select: {
              id: true,
              conversationId: true,
              mimetype: true,
              width: true,
              height: true,
              bytes: true,
              createdAt: true,
            },
          }),
        ),
    ],
    [
      'weights',
      () =>
        pagedArray(
          (id, take) =>
            db.weightEntry.findMany({
              where: { cat: { userId }, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              select: { id: true, catId: true, weight: true, unit: true, measuredAt: true, source: true },
            }),
          (w) => ({
            id: w.id,
            cat_id: w.catId,
            weight: w.weight,
            unit: w.unit,
            measured_at: w.measuredAt.toISOString(),
            source: w.source,
          }),
        ),
    ],
    [
      // The household (docs/household.md): who shares the owner's cats, and who did what for them.
      'household_members',
      () =>
        pagedArray(
          (id, take) =>
            db.householdMember.findMany({
              where: { ownerId: userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              include: { member: { select: { email: true } } },
            }),
          (m) => ({
            id: m.id,
            email: m.member.email,
            role: m.role,
            cat_ids: m.allCats ? null : m.catIds,
            access_ends_at: m.accessEndsAt?.toISOString() ?? null,
            created_at: m.createdAt.toISOString(),
          }),
        ),
    ],
    [
      'care_activity',
      () =>
        pagedArray(
          (id, take) =>
            db.careActivity.findMany({
              where: { cat: { userId }, ...after(id) },
              orderBy: { id: 'asc' },
              take,
            }),
          (a) => ({
            id: a.id,
            cat_id: a.catId,
            at: a.at.toISOString(),
            by: a.authorEmail,
            kind: a.kind,
            what: a.summary,
          }),
        ),
    ],
    [
      'report_share_links',
      () =>
        pagedArray(
          (id, take) =>
            db.reportShareLink.findMany({
              where: { userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              select: { id: true, catId: true, createdAt: true, expiresAt: true, revokedAt: true },
            }),
          (l) => ({
            id: l.id,
            cat_id: l.catId,
            created_at: l.createdAt.toISOString(),
            expires_at: l.expiresAt.toISOString(),
            revoked_at: l.revokedAt?.toISOString() ?? null,
          }),
        ),
    ],
    [
      'care_plans',
      () =>
        pagedArray(
          (id, take) =>
            db.carePlan.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
          toCarePlan,
        ),
    ],
    [
      'check_ins',
      () =>
        pagedArray(
          (id, take) =>
            db.checkIn.findMany({ where: { cat: { userId }, ...after(id) }, orderBy: { id: 'asc' }, take }),
          (row) => ({ cat_id: row.catId, ...toCheckIn(row) }),
        ),
    ],
    // The health record (docs/health-record.md), its vets, and the follow-ups after an urgent answer.
    [
      'vaccinations',
      () =>
        pagedArray((id, take) =>
          db.vaccination.findMany({ where: { cat: { userId }, ...after(id) }, orderBy: { id: 'asc' }, take }),
        ),
    ],
    [
      'medications',
      () =>
        pagedArray((id, take) =>
          db.medication.findMany({ where: { cat: { userId }, ...after(id) }, orderBy: { id: 'asc' }, take }),
        ),
    ],
    [
      'medication_doses',
      () =>
        pagedArray(
          (id, take) =>
            db.medicationDose.findMany({
              where: { medication: { cat: { userId } }, ...after(id) },
              orderBy: { id: 'asc' },
              take,
            }),
          (d) => ({
            id: d.id,
            medication_id: d.medicationId,
            given_at: d.givenAt.toISOString(),
            by: d.by,
            created_at: d.createdAt.toISOString(),
          }),
        ),
    ],
    [
      'documents',
      () =>
        pagedArray(
          (id, take) =>
            db.catDocument.findMany({
              where: { cat: { userId }, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              // The bytes are read apart, at `url`, as photos are.
              select: {
                id: true,
                catId: true,
                title: true,
                kind: true,
                mimetype: true,
                bytes: true,
                createdAt: true,
              },
            }),
          (d) => ({ ...d, url: documentPath(d.id) }),
        ),
    ],
    [
      'vets',
      () =>
        // One row per cat (keyed by the cat): the owner's cats are few (the cats quota), so one read.
        (async function* () {
          const rows = await db.catVets.findMany({ where: { cat: { userId } }, orderBy: { catId: 'asc' } })
          yield JSON.stringify(
            rows.map((v) => ({
              cat_id: v.catId,
              usual: v.usual,
              emergency: v.emergency,
              updated_at: v.updatedAt.toISOString(),
            })),
          )
        })(),
    ],
    [
      'follow_ups',
      () =>
        pagedArray((id, take) =>
          db.followUp.findMany({ where: { userId, ...after(id) }, orderBy: { id: 'asc' }, take }),
        ),
    ],
    [
      // Each cat's escalations (an urgent or emergency answer until it ends): those of the owner's cats,
      // and those opened in the user's own conversations (a family member's chat about a shared cat).
      'escalations',
      () =>
        pagedArray(
          (id, take) =>
            db.escalation.findMany({
              where: { OR: [{ cat: { userId } }, { conversation: { userId } }], ...after(id) },
              orderBy: { id: 'asc' },
              take,
            }),
          (e) => ({
            id: e.id,
            cat_id: e.catId,
            conversation_id: e.conversationId,
            message_id: e.messageId,
            urgency: e.urgency,
            sign: e.sign,
            opened_at: e.openedAt.toISOString(),
            closed_at: e.closedAt?.toISOString() ?? null,
          }),
        ),
    ],
    [
      // The second reader's readings that differed from the product's (docs/triage.md): a reading of the
      // user's own message about their cat, quoting their words, so theirs to see (operators see the
      // words only with the review consent); by who wrote the message.
      'triage_disagreements',
      () =>
        pagedArray(
          (id, take) =>
            db.triageDisagreement.findMany({
              where: { question: { conversation: { userId } }, ...after(id) },
              orderBy: { id: 'asc' },
              take,
            }),
          (d) => ({
            id: d.id,
            question_id: d.questionId,
            product_level: d.productLevel,
            product_sign: d.productSign,
            model_level: d.modelLevel,
            model_sign: d.modelSign,
            evidence: d.evidence,
            about_this_cat_now: d.aboutThisCatNow,
            reply_level: d.replyLevel,
            created_at: d.createdAt.toISOString(),
          }),
        ),
    ],
    [
      // Capability links and devices: what exists, never the secret that opens or reaches it.
      'calendar_feeds',
      () =>
        pagedArray(
          (id, take) =>
            db.calendarFeed.findMany({
              where: { userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              select: { id: true, catId: true, createdAt: true, revokedAt: true },
            }),
          (f) => ({
            id: f.id,
            cat_id: f.catId,
            created_at: f.createdAt.toISOString(),
            revoked_at: f.revokedAt?.toISOString() ?? null,
          }),
        ),
    ],
    [
      'push_subscriptions',
      () =>
        pagedArray(
          (id, take) =>
            db.pushSubscription.findMany({
              where: { userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              select: { id: true, endpoint: true, createdAt: true },
            }),
          (p) => ({ id: p.id, endpoint: p.endpoint, created_at: p.createdAt.toISOString() }),
        ),
    ],
    [
      'household_invites',
      () =>
        pagedArray(
          (id, take) =>
            db.householdInvite.findMany({
              where: { ownerId: userId, ...after(id) },
              orderBy: { id: 'asc' },
              take,
              select: {
                id: true,
                email: true,
                role: true,
                allCats: true,
                catIds: true,
                accessDays: true,
                expiresAt: true,
                acceptedAt: true,
                revokedAt: true,
                createdAt: true,
              },
            }),
          (i) => ({
            id: i.id,
            email: i.email,
            role: i.role,
            cat_ids: i.allCats ? null : i.catIds,
            access_days: i.accessDays,
            expires_at: i.expiresAt.toISOString(),
            accepted_at: i.acceptedAt?.toISOString() ?? null,
            revoked_at: i.revokedAt?.toISOString() ?? null,
            created_at: i.createdAt.toISOString(),
          }),
        ),
    ],
  ]
  yield `{"exported_at":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(account)}`
  for (const [key, value] of fields) {
    yield `,${JSON.stringify(key)}:`
    yield* value()
  }
  yield '}'
}
