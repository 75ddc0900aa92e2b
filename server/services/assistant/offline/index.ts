// The offline assistant: a deterministic, network-free implementation of the Assistant interface,
// used when no model is configured and in tests.
import { recommend } from '../../../../shared/rules/recommendations.ts'
import type { Assistant } from '../types.ts'
import { checkAnswer } from './check-answer.ts'
import { withPhotoNote } from './photo-note.ts'
import { interviewTurn } from './receptionist.ts'
import { composeReply } from './specialist.ts'
import { streamPieces } from './stream.ts'

export function createOfflineAssistant(): Assistant {
  return {
    checkAnswer: async (input) => checkAnswer(input),
    interviewTurn: async (input) => interviewTurn(input),
    reply: (input) => streamPieces(withPhotoNote(input.history, composeReply(input)), input.signal),
    // The documented rule (shared/rules/recommendations.ts) is the offline specialist's answer.
    recommend: async (cat) => recommend(cat),
  }
}
