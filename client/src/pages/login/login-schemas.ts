// What /login's two steps accept (docs/product.md §5): the shared auth schemas, and the password
// only when it is the chosen way in.
import { zodResolver } from '@hookform/resolvers/zod'
import type { Resolver } from 'react-hook-form'
import { z } from 'zod'
import { codeSchema, signinInput, signinOtpInput } from '../../../../shared/schemas/auth.ts'
import type { Method } from './EmailStep.tsx'

export const PASSWORD_REQUIRED = 'Password is required'

/** The password way in: the shared login e-mail, and a password that must be there (docs/product.md §5). */
const passwordSignIn = signinInput.pick({ email: true }).extend({
  password: z.string().min(1, PASSWORD_REQUIRED),
})
/** The code way in: the shared e-mail schema alone; a password left in the hidden field is ignored. */
const codeSignIn = signinOtpInput.extend({ password: z.string() })
export type EmailFields = z.input<typeof passwordSignIn>
export type EmailValues = z.output<typeof passwordSignIn>
/** The e-mail step checks the password only when it is the chosen way in. */
export const emailStepResolver: Resolver<EmailFields, { method: Method }, EmailValues> = (
  values,
  context,
  options,
) =>
  context?.method === 'password'
    ? zodResolver(passwordSignIn)(values, context, options)
    : zodResolver(codeSignIn)(values, context, options)

export type CodeFields = { code: string }
export const codeStepResolver = zodResolver(z.object({ code: codeSchema }))
