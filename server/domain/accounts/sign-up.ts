// A new account (docs/product.md §7 signup payload). An existing address gets none. Nobody has proved the
// address yet: a password given here signs nobody in (sign-in.ts) and is cleared by the first code sign-in
// (sign-in-code.ts), so pre-registering someone else's address gains no lasting access.
import { joinFullName, splitFullName } from '../../../shared/rules/names.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { ACCOUNT_FIELDS, type AccountRow } from './account-row.ts'
import { hashPassword } from './password-hash.ts'

export interface NewAccount {
  email: string
  full_name?: string | undefined
  first_name?: string | undefined
  last_name?: string | undefined
  password?: string | undefined
}

/** The names as stored: a full name split in two, or first and last joined into one. */
function namesOf(input: NewAccount) {
  return input.full_name
    ? { ...splitFullName(input.full_name), fullName: joinFullName(input.full_name, '') }
    : {
        firstName: joinFullName(input.first_name ?? '', ''),
        lastName: joinFullName(input.last_name ?? '', ''),
        fullName: joinFullName(input.first_name ?? '', input.last_name ?? ''),
      }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

export async function signUp(db: Db, input: NewAccount): Promise<AccountRow> {
  const names = namesOf(input)
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw appError('ACCOUNT_EXISTS')
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null
  try {
    return await db.user.create({
      data: { email: input.email, ...names, passwordHash },
      select: ACCOUNT_FIELDS,
    })
  } catch (error) {
    // A sign-up racing this one for the same address.
    if (isUniqueViolation(error)) throw appError('ACCOUNT_EXISTS')
    throw error
  }
}
