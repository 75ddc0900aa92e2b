// SPEC §3's recommendations for a cat: the assistant's answer (a configured model, or the offline rule),
// and the documented rule whenever the assistant cannot give a usable one.
import type { FastifyBaseLogger } from 'fastify'
import { nutritionRule } from '../../../shared/rules/nutrition.ts'
import { type RecommendationResult, recommend } from '../../../shared/rules/recommendations.ts'
import type { CatFields } from '../../../shared/schemas/cat.ts'
import type { Assistant, CatForRecommendations } from '../../services/assistant/types.ts'

/** The cat's fields as the rule reads them: the name from either field, an unknown age as 0. */
export function recommendationInput(fields: CatFields): CatForRecommendations {
  return { ...fields, name: fields.name ?? fields.cat_name ?? '', age: fields.age ?? 0 }
}

/** The assistant's recommendations; any failure or unusable answer means the rule. */
export async function recommendationsFor(
  assistant: Pick<Assistant, 'recommend'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  fields: CatFields,
): Promise<RecommendationResult> {
  const cat = recommendationInput(fields)
  try {
    // The food is the one nutrition rule's whatever a model says (the same numbers everywhere), and
    // when the rule asks a question instead (a target for the vet first), the question is what the
    // owner reads, never a model's diet.
    const answer = await assistant.recommend(cat)
    const rule = recommend(cat)
    const question = nutritionRule(cat).kind === 'question'
    return {
      ...answer,
      food_bowls: rule.food_bowls,
      ...(question ? { welcome_message_relevant_response: rule.welcome_message_relevant_response } : {}),
    }
  } catch (error) {
    // Only the kind of failure is logged: upstream texts can quote the prompt.
    log.warn(
      { kind: error instanceof Error ? error.name : typeof error },
      'recommendations: assistant failed, rule used',
    )
    return recommend(cat)
  }
}

/** The recommendations as the cat's columns. */
export function recommendationColumns(r: RecommendationResult) {
  return {
    foodBowls: r.food_bowls,
    treats: r.treats,
    playtime: r.playtime,
    welcomeMessageSpecificDetail: r.welcome_message_specific_detail,
    welcomeMessageRelevantResponse: r.welcome_message_relevant_response,
  }
}

/** SPEC §7's public row: fields arrive lower-cased; unknown age and weights count as 0. */
export function visitorRecommendations(
  assistant: Pick<Assistant, 'recommend'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  fields: CatFields,
): Promise<RecommendationResult> {
  return recommendationsFor(assistant, log, {
    ...fields,
    age: fields.age ?? 0,
    weight: fields.weight ?? 0,
    target_weight: fields.target_weight ?? 0,
  })
}
