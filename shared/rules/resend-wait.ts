// "Please wait N seconds" for a code asked again too soon: the server words the real wait for people.
// Programs read the wait from the error's data (`retryAfterSeconds`), never from this text.

export function resendWaitMessage(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  return `Please wait ${whole} ${whole === 1 ? 'second' : 'seconds'} before requesting another code.`
}
