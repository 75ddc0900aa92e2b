// Checks the owner's last interview answer for one field (docs/product.md §4 "Interview").
import type { InterviewField } from '../../../../shared/options.ts'
import type { AssistantMessage, CheckResult } from '../types.ts'
import { extractActivityLevel } from './extract-activity.ts'
import { extractAge } from './extract-age.ts'
import { extractBreed } from './extract-breed.ts'
import { extractIssues } from './extract-issues.ts'
import { extractCatName } from './extract-name.ts'
import type { Extraction } from './extraction.ts'
import { catLabelFromInterview } from './interview-cat-name.ts'
import { lastUserMessage } from './text.ts'

export function extractField(field: InterviewField, text: string, catName: string): Extraction {
  switch (field) {
    case 'cat_name':
      return extractCatName(text)
    case 'issues_faced':
      return extractIssues(text, catName)
    case 'age':
      return extractAge(text, catName)
    case 'breed':
      return extractBreed(text, catName)
    case 'activity_level':
      return extractActivityLevel(text, catName)
  }
}

const MAX_ANSWER_CHARS = 500

export function checkAnswer(input: {
  field: InterviewField | 'none'
  messages: readonly AssistantMessage[]
}): CheckResult {
  // An answer is stored at 500 characters at most; reading further only costs time (the check is public).
  const text = lastUserMessage(input.messages).trim().slice(0, MAX_ANSWER_CHARS)
  // Outside a question there is nothing to check: whatever the owner said stands.
  if (input.field === 'none') return { satisfied: 'true', answer: text, reason: '' }
  const extraction = extractField(input.field, text, catLabelFromInterview(input.messages))
  return extraction.ok
    ? { satisfied: 'true', answer: extraction.answer, reason: '' }
    : { satisfied: 'false', answer: '', reason: extraction.reason }
}
