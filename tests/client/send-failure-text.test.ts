// What a failed chat send shows decides by the error's catalogue code. A photo deleted because it was
// never sent within a day (server/jobs/unsent-photos.ts) says so and asks for the photo again: it is not
// the "No conversation found" of a missing conversation, and sending it as it was cannot succeed.
import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { sendFailure } from '../../client/src/features/chat/specialist/useReplies.ts'
import { ERRORS } from '../../shared/errors.ts'

function failedCall(message: string, appCode: string, httpStatus = 404) {
  return TRPCClientError.from({
    error: { message, code: -32004, data: { code: 'NOT_FOUND', httpStatus, appCode } },
  })
}

describe('sendFailure', () => {
  it('a photo that is gone asks to attach it again, and the same message is not offered again', () => {
    expect(sendFailure(failedCall('Photo not found', 'ATTACHMENT_NOT_FOUND'))).toEqual({
      text: ERRORS.attachmentGone,
      retryable: false,
    })
  })

  it('a conversation that is gone still says the text of docs/product.md §8', () => {
    expect(sendFailure(failedCall('No conversation found', 'CONVERSATION_NOT_FOUND'))).toEqual({
      text: ERRORS.noConversationFound,
      retryable: true,
    })
  })
})
