// docs/product.md §3's recommendations for a cat: the assistant's answer (a configured model, or the offline
// rule), and the documented rule whenever the assistant cannot give a usable one.
import type { FastifyBaseLogger } from 'fastify'
import { nutritionRule } from '../../../shared/rules/nutrition.ts'
import { type RecommendationResult, recommend } from '../../../shared/rules/recommendations.ts'
import { type CatFields, recommendationsSchema } from '../../../shared/schemas/cat.ts'
import type { Assistant, CatForRecommendations } from '../../services/assistant/types.ts'

/** The cat's fields as the rule reads them: the name from either field, an unknown age as 0. */
export function recommendationInput(fields: CatFields): CatForRecommendations {
  return { ...fields, name: fields.name ?? fields.cat_name ?? '', age: fields.age ?? 0 }
}

/** The welcome texts' longest answer (recommendationsSchema). */
const WELCOME_MAX = 600

/** A welcome text cut to WELCOME_MAX at a word, so an answer quoting long medical fields still fits. */
function clipped(text: string): string {
  if (text.length <= WELCOME_MAX) return text
  const cut = text.slice(0, WELCOME_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > WELCOME_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/**
 * The recommendations as every answer may carry them, checked before anything is stored: a cat whose
 * answer would fail its output schema was stored and then answered 400 (a retry made a second one).
 */
function answerable(r: RecommendationResult, cat: CatForRecommendations): RecommendationResult {
  const fitted = {
    ...r,
    welcome_message_specific_detail: clipped(r.welcome_message_specific_detail),
    welcome_message_relevant_response: clipped(r.welcome_message_relevant_response),
  }
  if (recommendationsSchema.safeParse(fitted).success) return fitted
  const rule = recommend(cat)
  return {
    ...rule,
    welcome_message_specific_detail: clipped(rule.welcome_message_specific_detail),
    welcome_message_relevant_response: clipped(rule.welcome_message_relevant_response),
  }
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
    return answerable(
      {
        ...answer,
        food_bowls: rule.food_bowls,
        ...(question ? { welcome_message_relevant_response: rule.welcome_message_relevant_response } : {}),
      },
      cat,
    )
  } catch (error) {
    // Only the kind of failure is logged: upstream texts can quote the prompt.
    log.warn(
      { kind: error instanceof Error ? error.name : typeof error },
      'recommendations: assistant failed, rule used',
    )
    return answerable(recommend(cat), cat)
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

/** docs/product.md §7's public row: fields arrive lower-cased; unknown age and weights count as 0. */
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
