import type { InterviewField } from '../../../shared/options.ts'
import type { RecommendationInput, RecommendationResult } from '../../../shared/rules/recommendations.ts'

/** One turn of a chat as the assistant sees it. */
export interface AssistantMessage {
  role: 'user' | 'assistant'
  content: string
}

/** What the specialist knows about the cat; every field may be missing for a new owner. */
export interface CatProfileForAssistant {
  name?: string | null
  /** The owner's cats by name (issue 23), and whether the owner chose this one for the chat. */
  household?: { names: string[]; chosen: boolean } | undefined
  breed?: string | null
  gender?: string | null
  age?: number | null
  weight?: number | null
  weightUnit?: string | null
  targetWeight?: number | null
  activityLevel?: string | null
  issuesFaced?: string[]
  goals?: string[]
  requiredProgress?: string[]
  medicalConditions?: string | null
  medications?: string | null
  dietaryRestrictions?: string | null
  medicalHistory?: string | null
}

/** SPEC §3 "Interview answer check result": satisfied is the text 'true' or 'false'. */
export interface CheckResult {
  satisfied: 'true' | 'false'
  answer: string
  reason: string
}

export interface Assistant {
  /** Checks the owner's last answer for `field` ('none' = no field is being asked). */
  checkAnswer(input: { field: InterviewField | 'none'; messages: AssistantMessage[] }): Promise<CheckResult>
  /** The receptionist's next line: asks for `field`, or wraps up when it is 'none'. */
  interviewTurn(input: {
    field: InterviewField | 'none'
    messages: AssistantMessage[]
    reason?: string
  }): Promise<string>
  /** The specialist's reply, streamed as text pieces; the caller joins them. */
  reply(input: {
    cat: CatProfileForAssistant | null
    history: AssistantMessage[]
    signal?: AbortSignal
  }): AsyncIterable<string>
  /**
   * SPEC §3's recommendations for a cat (food, treats, playtime, welcome messages). Rejects with
   * AssistantUnavailableError when the answer cannot be used; the caller then falls back to the rule.
   */
  recommend(cat: CatForRecommendations): Promise<RecommendationResult>
}

/** The cat as the recommendations see it: the rule's inputs, and any other profile field sent. */
export type CatForRecommendations = RecommendationInput & { breed?: string | null; gender?: string | null }
