import { describe, expect, it } from 'vitest'
import { resendWaitMessage } from '../../shared/rules/resend-wait.ts'

describe('"Please wait N seconds" for a code asked again too soon', () => {
  it('words whole seconds, at least one', () => {
    expect(resendWaitMessage(27)).toBe('Please wait 27 seconds before requesting another code.')
    expect(resendWaitMessage(0.2)).toBe('Please wait 1 second before requesting another code.')
    expect(resendWaitMessage(29.1)).toBe('Please wait 30 seconds before requesting another code.')
  })
})
