import { resendWait } from '../../trpc.ts'

/**
 * Asks the server to mail a step-up code. Refused because one went out moments ago (the server's
 * RESEND_TOO_SOON, its wait in the error's data), the code in the mailbox is the one to type: the step
 * goes on as after a send. Any other failure is the caller's.
 */
export async function askForCode(send: () => Promise<unknown>): Promise<void> {
  try {
    await send()
  } catch (error) {
    if (resendWait(error) === null) throw error
  }
}
