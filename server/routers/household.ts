// The household (docs/product.md §11, docs/household.md): invitations, members, accepting, the
// activity log and a sitter's emergency card. The rules are in server/domain/household; who may reach
// which cat is its access policy (access.ts), which every care procedure asks.
import { z } from 'zod'
import { careCatInput } from '../../shared/schemas/care.ts'
import {
  acceptOutput,
  activitySchema,
  emergencyCardSchema,
  inviteInput,
  invitePreviewSchema,
  inviteSchema,
  inviteTokenInput,
  memberIdInput,
  memberSchema,
} from '../../shared/schemas/household.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import { publicUrl } from '../config.ts'
import { careCat } from '../domain/care/care-cat.ts'
import { listActivity } from '../domain/household/activity.ts'
import { emergencyCard } from '../domain/household/emergency-card.ts'
import { acceptInvite, createInvite, previewInvite } from '../domain/household/invites.ts'
import { listMembers, removeMember } from '../domain/household/members.ts'
import { rateLimit, rest } from '../rest/meta.ts'
import { perUser } from '../services/rate-limits.ts'
import { authedProcedure, router } from '../trpc.ts'

export const householdRouter = router({
  invite: authedProcedure
    .meta(
      rest('POST', '/api/household/invites', {
        summary: 'Invite an address as family or sitter, for some or all cats; the link is mailed',
      }),
    )
    .meta(rateLimit(perUser('householdInvitesPerUser')))
    .input(inviteInput)
    .output(inviteSchema)
    .mutation(({ ctx, input }) =>
      createInvite(
        { db: ctx.services.db, mailer: ctx.services.mailer, origin: publicUrl(ctx.services.config) },
        ctx.user.id,
        input,
      ),
    ),

  members: authedProcedure
    .meta(rest('GET', '/api/household/members', { summary: 'Members and invitations still waiting' }))
    .output(z.array(memberSchema))
    .query(({ ctx }) => listMembers(ctx.services.db, ctx.user.id)),

  removeMember: authedProcedure
    .meta(
      rest('DELETE', '/api/household/members/:id', {
        summary: 'Remove a member (access ends at once) or withdraw an invitation',
      }),
    )
    .input(memberIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => removeMember(ctx.services.db, ctx.user.id, input.id)),

  /** The invitation page's words before Accept: who shares which cats, as what (404 as accept's). */
  invitation: authedProcedure
    .meta(
      rest('GET', '/api/household/invites/:token', {
        summary: 'An invitation to the signed-in address: the owner, the role and the cats',
      }),
    )
    .input(inviteTokenInput)
    .output(invitePreviewSchema)
    .query(({ ctx, input }) => previewInvite(ctx.services.db, ctx.user.id, input.token)),

  accept: authedProcedure
    .meta(
      rest('POST', '/api/household/invites/:token/accept', {
        summary: 'Accept an invitation, signed in as the invited address',
      }),
    )
    .input(inviteTokenInput)
    .output(acceptOutput)
    .mutation(({ ctx, input }) => acceptInvite(ctx.services.db, ctx.user, input.token)),

  activity: authedProcedure
    .meta(
      rest('GET', '/api/household/activity', {
        summary: 'Who logged or changed what for the cat, newest first',
      }),
    )
    .input(careCatInput)
    .output(z.array(activitySchema))
    .query(async ({ ctx, input }) => {
      const cat = await careCat(ctx.services.db, ctx.user.id, input.cat_id, 'read')
      return (await listActivity(ctx.services.db, cat.id)).map((e) => ({
        id: e.id,
        cat_id: e.cat_id,
        at: e.at,
        by: e.author_email,
        what: e.summary,
        kind: e.kind,
      }))
    }),

  emergencyCard: authedProcedure
    .meta(
      rest('GET', '/api/household/emergency-card', {
        summary: "The cat's conditions and medicines, the owner, the usual and emergency vets",
      }),
    )
    .input(careCatInput)
    .output(emergencyCardSchema)
    .query(({ ctx, input }) => emergencyCard(ctx.services.db, ctx.user.id, input.cat_id)),
})
