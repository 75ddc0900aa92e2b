// "Please wait N seconds" for a code asked again too soon: the server words the real wait, and
// the login screen reads it back to hold its resend button for as long (a second device included).

export function resendWaitMessage(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  return `Please wait ${whole} ${whole === 1 ? 'second' : 'seconds'} before requesting another code.`
}

/** The seconds a resendWaitMessage names, or null for any other text. */
export function resendWaitSeconds(message: string): number | null {
  const match = /^Please wait (\d+) seconds? before requesting another code\.$/.exec(message)
  return match ? Number(match[1]) : null
}
