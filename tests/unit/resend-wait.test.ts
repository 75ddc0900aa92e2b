import { describe, expect, it } from 'vitest'
import { resendWaitMessage, resendWaitSeconds } from '../../shared/rules/resend-wait.ts'

describe('"Please wait N seconds" for a code asked again too soon', () => {
  it('words whole seconds, at least one', () => {
    expect(resendWaitMessage(27)).toBe('Please wait 27 seconds before requesting another code.')
    expect(resendWaitMessage(0.2)).toBe('Please wait 1 second before requesting another code.')
    expect(resendWaitMessage(29.1)).toBe('Please wait 30 seconds before requesting another code.')
  })

  it('reads back only its own wording', () => {
    for (const seconds of [1, 9, 30]) expect(resendWaitSeconds(resendWaitMessage(seconds))).toBe(seconds)
    expect(resendWaitSeconds('Please wait before requesting another code.')).toBeNull()
    expect(resendWaitSeconds('Too many requests. Please wait a moment and try again.')).toBeNull()
  })
})
