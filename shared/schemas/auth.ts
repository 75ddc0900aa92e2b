// Inputs and outputs of the auth router (docs/product.md §7 supabase auth rows). The REST rows answer
// these outputs as they are, so field names follow the payloads of docs/product.md §7.
import { z } from 'zod'
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts'
import { ERRORS } from '../errors.ts'
import { emailSchema, personNameSchema, sessionIdSchema } from './primitives.ts'

export const PASSWORD_MAX_LENGTH = 128

/** A new password: 8 to 128 characters, kept exactly as typed (spaces count). */
export const newPasswordSchema = z
  .string({ error: ERRORS.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, ERRORS.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ERRORS.passwordTooLong)

/** A password offered at sign-in: only its presence and an upper bound are checked here. */
const givenPasswordSchema = z
  .string({ error: ERRORS.invalidCredentials })
  .min(1, ERRORS.invalidCredentials)
  .max(PASSWORD_MAX_LENGTH, ERRORS.invalidCredentials)

export const signupInput = z
  .object({
    email: emailSchema,
    full_name: personNameSchema.optional(),
    first_name: personNameSchema.optional(),
    last_name: personNameSchema.optional(),
    password: newPasswordSchema.optional(),
    session_id: sessionIdSchema.optional(),
  })
  .refine((v) => Boolean(v.full_name || v.first_name), { message: ERRORS.nameRequired, path: ['full_name'] })

export const signinInput = z.object({
  email: emailSchema,
  password: givenPasswordSchema,
  session_id: sessionIdSchema.optional(),
})

/** signup-passwordless and signin answer the same session shape (docs/product.md §7). */
export const tokenSessionOutput = z.object({
  token: z.string(),
  /** Seconds. */
  expiresIn: z.number().int().positive(),
  photo: z.string().nullable(),
  /** Renews the session when the access token runs out (as Supabase returns beside `access_token`). */
  refresh_token: z.string(),
})
export type TokenSession = z.infer<typeof tokenSessionOutput>

export const signinOtpInput = z.object({ email: emailSchema })

/** A one-time code from the e-mail, as the code sign-in takes it. */
export const codeSchema = z
  .string({ error: ERRORS.codeFormat })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ERRORS.codeFormat)

export const verifyOtpInput = z.object({
  email: emailSchema,
  token: codeSchema,
  type: z.literal('email').default('email'),
  session_id: sessionIdSchema.optional(),
})

export const userMetadataSchema = z.object({
  first_name: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
})

export const verifyOtpOutput = z.object({
  session: z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    /** Seconds. */
    expires_in: z.number().int().positive(),
    /** Unix seconds. */
    expires_at: z.number().int().positive(),
    refresh_token: z.string(),
  }),
  user: z.object({
    id: z.number().int().positive(),
    email: z.string(),
    user_metadata: userMetadataSchema,
  }),
})
export type VerifyOtpOutput = z.infer<typeof verifyOtpOutput>

export const meOutput = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
})
export type Me = z.infer<typeof meOutput>

/**
 * Setting or replacing the password needs a fresh code mailed to the account's address (step-up,
 * `auth.sendPasswordCode`): a session token alone never changes it.
 */
export const setPasswordInput = z.object({
  code: codeSchema,
  password: newPasswordSchema,
  /** Ends every other session of the owner once the password is set (the account page's default). */
  end_other_sessions: z.boolean().optional(),
})

export const refreshInput = z.object({ refresh_token: z.string().min(1).max(200) })
export const refreshOutput = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int().positive(),
  refresh_token: z.string(),
})
export type RefreshOutput = z.infer<typeof refreshOutput>
