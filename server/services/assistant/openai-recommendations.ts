// The recommendations request of the OpenAI-compatible assistant: the prompt (with the documented rule as
// its starting point) and the strict structured-output schema of docs/product.md §3's recommendations.
import { type RecommendationResult, recommend } from '../../../shared/rules/recommendations.ts'
import { asData } from './openai-prompts.ts'
import type { CatForRecommendations } from './types.ts'

export const RECOMMENDATIONS_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'cat_recommendations',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        food_bowls: { type: 'integer', description: 'cups of food per day, 1 to 3' },
        treats: { type: 'integer', description: 'treats per day, 1 to 10' },
        playtime: { type: 'integer', description: 'minutes of play per day, 5 to 120' },
        welcome_message_specific_detail: { type: 'string' },
        welcome_message_relevant_response: { type: 'string' },
      },
      required: [
        'food_bowls',
        'treats',
        'playtime',
        'welcome_message_specific_detail',
        'welcome_message_relevant_response',
      ],
      additionalProperties: false,
    },
  },
} as const

/** Recommendations are a nicety on a form: a short wait, no retry, then the rule. */
export const RECOMMENDATIONS_REQUEST = { timeout: 10_000, maxRetries: 0 } as const

export function recommendationPrompt(cat: CatForRecommendations): string {
  const rule: RecommendationResult = recommend(cat)
  return [
    'You are a cat-care specialist writing the first recommendations for a new client.',
    'Answer with JSON only: food_bowls (cups of food per day, a whole number from 1 to 3), treats (per day,',
    '1 to 10), playtime (minutes per day, 5 to 120), welcome_message_specific_detail (one sentence naming',
    "the cat and its main issue) and welcome_message_relevant_response (one or two sentences on how you'll help).",
    `A simple rule suggests ${JSON.stringify(rule)}; improve on it only when the profile gives a reason.`,
    asData('Cat profile', cat),
  ].join('\n')
}
