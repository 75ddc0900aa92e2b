// The first-aid guide (docs/first-aid.md): public and the same for everyone, read from the reviewed
// knowledge file; the client keeps it offline through its service worker.
import { firstAidGuideSchema } from '../../shared/schemas/first-aid.ts'
import { FIRST_AID } from '../knowledge/first-aid.ts'
import { rest } from '../rest/meta.ts'
import { publicProcedure, router } from '../trpc.ts'

const GUIDE = firstAidGuideSchema.parse({
  version: FIRST_AID.version,
  reviewed_on: FIRST_AID.reviewedOn,
  reviewed_by: FIRST_AID.reviewedBy,
  notice: FIRST_AID.notice,
  poison_lines: FIRST_AID.poisonLines,
  situations: FIRST_AID.situations.map((entry) => ({
    id: entry.id,
    title: entry.title,
    level: entry.level,
    recognise: entry.recognise,
    act: entry.act,
    dont: entry.dont,
    go_now: entry.goNow,
    cpr: entry.cpr === true,
    see_also: entry.seeAlso ?? [],
    sources: entry.sources.map((source) => ({ name: source.name, url: source.url ?? null })),
  })),
})

export const firstAidRouter = router({
  guide: publicProcedure
    .meta(rest('GET', '/api/first-aid', { summary: 'The first-aid guide for cats, every situation' }))
    .output(firstAidGuideSchema)
    .query(() => GUIDE),
})
