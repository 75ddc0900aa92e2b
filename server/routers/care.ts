// The care loop (docs/product.md §10): the plan, check-ins and the e-mail's one-click unsubscribe.
// The rules are in server/domain/care (plan.ts, schedule.ts, check-ins.ts); the reminders in server/jobs.
import { z } from 'zod'
import {
  careCatInput,
  carePlanSchema,
  carePlanUpdateInput,
  checkInAnswerInput,
  checkInIdInput,
  checkInOpeningSchema,
  checkInSchema,
  ownerTimeZoneInput,
  pushEndpointInput,
  pushKeySchema,
  pushSubscriptionInput,
  unsubscribeInput,
} from '../../shared/schemas/care.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import { checkInOpening } from '../domain/care/check-in-opening.ts'
import { answerCheckIn, listCheckIns } from '../domain/care/check-ins.ts'
import { getCarePlan, rememberOwnerTimeZone, updateCarePlan } from '../domain/care/plan.ts'
import { deletePushSubscription, savePushSubscription } from '../domain/care/push-subscriptions.ts'
import { redeemUnsubscribeLink } from '../domain/links/unsubscribe-links.ts'
import { rest } from '../rest/meta.ts'
import { resolveVapidKeys } from '../services/push.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

export const careRouter = router({
  plan: authedProcedure
    .meta(rest('GET', '/api/care/plan', { summary: "The care plan of the owner's (current) cat" }))
    .input(careCatInput)
    .output(carePlanSchema)
    .query(({ ctx, input }) => getCarePlan(ctx.services.db, ctx.user.id, input.cat_id)),

  updatePlan: authedProcedure
    .meta(
      rest('PUT', '/api/care/plan', {
        summary: 'Change the care plan: period, days, time, zone, channels, pause',
      }),
    )
    .input(carePlanUpdateInput)
    .output(carePlanSchema)
    .mutation(({ ctx, input }) => updateCarePlan(ctx.services.db, ctx.user.id, input)),

  checkIns: authedProcedure
    .meta(rest('GET', '/api/care/check-ins', { summary: "The cat's check-ins, newest first" }))
    .input(careCatInput)
    .output(z.array(checkInSchema))
    .query(({ ctx, input }) => listCheckIns(ctx.services.db, ctx.user.id, input.cat_id)),

  /** One check-in with Dr. Olivia's opening (the chat opened from the e-mail's link shows it). */
  checkIn: authedProcedure
    .meta(
      rest('GET', '/api/care/check-ins/:id', { summary: "A check-in and the specialist's opening of it" }),
    )
    .input(checkInIdInput)
    .output(checkInOpeningSchema)
    .query(({ ctx, input }) => checkInOpening(ctx.services.db, ctx.user.id, input.id)),

  answerCheckIn: authedProcedure
    .meta(
      rest('POST', '/api/care/check-ins/:id', { summary: 'Answer a check-in (weight, unit, note): done' }),
    )
    .input(checkInAnswerInput)
    .output(checkInSchema)
    .mutation(({ ctx, input }) => answerCheckIn(ctx.services.db, ctx.user.id, input)),

  /** The browser's own zone, sent at sign-in and when the quiz is finished (plans made later take it). */
  timezone: authedProcedure
    .meta(rest('PUT', '/api/care/timezone', { summary: "The owner's browser time zone" }))
    .input(ownerTimeZoneInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await rememberOwnerTimeZone(ctx.services.db, ctx.user.id, input.timezone)
      return { success: true as const }
    }),

  /** The VAPID public key a browser subscribes with (Web Push, opt-in). */
  pushKey: authedProcedure
    .meta(rest('GET', '/api/care/push/key', { summary: 'The Web Push (VAPID) public key' }))
    .output(pushKeySchema)
    .query(async ({ ctx }) => ({ public_key: (await resolveVapidKeys(ctx.services.db)).publicKey })),

  subscribePush: authedProcedure
    .meta(rest('POST', '/api/care/push/subscriptions', { summary: "This browser's push subscription" }))
    .input(pushSubscriptionInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await savePushSubscription(ctx.services.db, ctx.user.id, input, ctx.services.config.PUSH_EXTRA_HOSTS)
      return { success: true as const }
    }),

  unsubscribePush: authedProcedure
    .meta(
      rest('DELETE', '/api/care/push/subscriptions', { summary: "Forget this browser's push subscription" }),
    )
    .input(pushEndpointInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await deletePushSubscription(ctx.services.db, ctx.user.id, input.endpoint)
      return { success: true as const }
    }),

  /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` (a form body) with no session. */
  unsubscribe: publicProcedure
    .meta(
      rest('POST', '/api/care/unsubscribe/:token', {
        summary: 'One-click unsubscribe (RFC 8058): pauses the check-in reminders',
        rawBody: true,
        input: (req) => ({ token: req.params.token }),
        rawBodyType: {
          type: 'application/x-www-form-urlencoded',
          description: 'RFC 8058: `List-Unsubscribe=One-Click`, or nothing',
          schema: { type: 'object', properties: { 'List-Unsubscribe': { const: 'One-Click' } } },
        },
      }),
    )
    .input(unsubscribeInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await redeemUnsubscribeLink(ctx.services, input.token)
      return { success: true as const }
    }),
})
