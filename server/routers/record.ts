// The cat's health record (CONTRACT "the health record"): each procedure with its REST row; the rules
// are in server/domain/record. `cat_id` is optional (the current cat); another owner's id is a 404.
import { z } from 'zod'
import { careCatInput } from '../../shared/schemas/care.ts'
import { doseInput, doseSchema, medicationInput, medicationSchema } from '../../shared/schemas/medications.ts'
import { successOutput } from '../../shared/schemas/primitives.ts'
import { recordIdInput, vaccinationInput, vaccinationSchema } from '../../shared/schemas/vaccinations.ts'
import { vetsInput, vetsSchema, vetsUpdateInput } from '../../shared/schemas/vets.ts'
import { addMedication, deleteMedication, listMedications, logDose } from '../domain/record/medications.ts'
import { addVaccination, deleteVaccination, listVaccinations } from '../domain/record/vaccinations.ts'
import { getVets, updateVets } from '../domain/record/vets.ts'
import { rest } from '../rest/meta.ts'
import { authedProcedure, router } from '../trpc.ts'

export const recordRouter = router({
  vaccinations: authedProcedure
    .meta(rest('GET', '/api/care/vaccinations', { summary: "The cat's vaccinations, soonest due first" }))
    .input(careCatInput)
    .output(z.array(vaccinationSchema))
    .query(({ ctx, input }) => listVaccinations(ctx.services.db, ctx.user.id, input.cat_id)),

  addVaccination: authedProcedure
    .meta(
      rest('POST', '/api/care/vaccinations', {
        summary: 'Record a vaccination; with no next_due_on, one is proposed for the core vaccines',
      }),
    )
    .input(vaccinationInput)
    .output(vaccinationSchema)
    .mutation(({ ctx, input }) => addVaccination(ctx.services.db, ctx.user.id, input)),

  deleteVaccination: authedProcedure
    .meta(rest('DELETE', '/api/care/vaccinations/:id', { summary: 'Delete a vaccination and its reminders' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteVaccination(ctx.services.db, ctx.user.id, input.id)),

  medications: authedProcedure
    .meta(
      rest('GET', '/api/care/medications', {
        summary: "The cat's medications, with doses logged and missed",
      }),
    )
    .input(careCatInput)
    .output(z.array(medicationSchema))
    .query(({ ctx, input }) => listMedications(ctx.services.db, ctx.user.id, input.cat_id)),

  addMedication: authedProcedure
    .meta(
      rest('POST', '/api/care/medications', {
        summary: "Add a medication; a reminder goes at each dose time in the plan's zone until end_on",
      }),
    )
    .input(medicationInput)
    .output(medicationSchema)
    .mutation(({ ctx, input }) => addMedication(ctx.services.db, ctx.user.id, input)),

  logDose: authedProcedure
    .meta(
      rest('POST', '/api/care/medications/:id/doses', {
        summary: 'Log a dose given, by whoever is signed in',
      }),
    )
    .input(doseInput)
    .output(doseSchema)
    .mutation(({ ctx, input }) => logDose(ctx.services.db, ctx.user.id, input)),

  deleteMedication: authedProcedure
    .meta(rest('DELETE', '/api/care/medications/:id', { summary: 'Delete a medication: its reminders stop' }))
    .input(recordIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteMedication(ctx.services.db, ctx.user.id, input.id)),

  vets: authedProcedure
    .meta(rest('GET', '/api/care/vets', { summary: "The cat's usual and emergency vets" }))
    .input(vetsInput)
    .output(vetsSchema)
    .query(({ ctx, input }) => getVets(ctx.services.db, ctx.user.id, input.cat_id)),

  updateVets: authedProcedure
    .meta(rest('PUT', '/api/care/vets', { summary: 'Set or clear (null) the usual and the emergency vet' }))
    .input(vetsUpdateInput)
    .output(vetsSchema)
    .mutation(({ ctx, input }) => updateVets(ctx.services.db, ctx.user.id, input)),
})
