import { TRPCError } from '@trpc/server'
import { expect } from 'vitest'

/** The TRPCError a call fails with; a call that succeeds, or fails any other way, fails the test. */
export async function trpcFailure(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof TRPCError) return error
    throw error
  }
  throw new Error('expected a TRPCError')
}

/** Expects the call to fail with exactly this tRPC code and message. */
export async function expectTrpcError(promise: Promise<unknown>, code: TRPCError['code'], message: string) {
  const error = await trpcFailure(promise)
  expect(error.code).toBe(code)
  expect(error.message).toBe(message)
}
