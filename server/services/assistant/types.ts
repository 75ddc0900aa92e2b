import type { InterviewField } from '../../../shared/options.ts'
import type { RecommendationInput, RecommendationResult } from '../../../shared/rules/recommendations.ts'
import type { Urgency } from '../../knowledge/index.ts'

/** One turn of a chat as the assistant sees it. */
export interface AssistantMessage {
  role: 'user' | 'assistant'
  content: string
  /** On the specialist's own stored replies: how urgent it judged them (follow-ups are read in that light). */
  urgency?: Urgency | undefined
  /** The owner's photos sent with this message, as data URLs. */
  images?: string[]
}

/** What the product's triage found in the owner's last message, before any assistant. */
export interface TriageForAssistant {
  urgency: Urgency
  /** The escalation (or a poison question's clear no) the reply already starts with; null when none. */
  said: string | null
  /** The urgent signs found, by title ("Lilies", "Seizures"). */
  signs: string[]
  /**
   * The cat's escalation still open from earlier, when this question is about something else: the app
   * has written one line above the reply saying the cat still needs the vet; the question is answered as usual.
   */
  held?: 'urgent' | 'emergency' | undefined
}

/**
 * A model's own reading of the owner's last message (the second reader, docs/triage.md): how urgent it is
 * for this cat now, the sign it read, and the owner's words it read it from.
 */
export interface MessageReading {
  level: Urgency
  /** The sign in a few words ("straining in the litter tray"); empty when there is none. */
  sign: string
  /** The owner's words the reading rests on, quoted; empty when there are none. */
  evidence: string
  /** Whether the sign is this cat's, now (not a toy's, prey's, another animal's, a joke or long over). */
  aboutThisCatNow: boolean
}

/** What the specialist knows about the cat; every field may be missing for a new owner. */
export interface CatProfileForAssistant {
  name?: string | null
  /** The owner's cats by name, and whether the owner chose this one for the chat. */
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
  /** The weight log, its trend and the food advice (server/domain/care/specialist-weights.ts). */
  weightLog?: string | null
  /** The health record's current medications (server/domain/record/medications.ts). */
  currentMedications?: Array<{
    name: string
    dose: string
    times: string[]
    start_on: string
    end_on: string | null
  }>
}

/** docs/product.md §3 "Interview answer check result": satisfied is the text 'true' or 'false'. */
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
    /** The product's triage of the last message; the reply must not repeat or soften what it said. */
    triage?: TriageForAssistant
    /** The assistant's own judgement of urgency, when it gives one (a model's structured line). */
    onUrgency?: (urgency: Urgency) => void
  }): AsyncIterable<string>
  /**
   * The second reader: the model's reading of the owner's last message, or a rejection when it cannot
   * be had within its short time-out. Absent on the offline assistant (the product's triage alone).
   */
  readMessage?(input: {
    cat: CatProfileForAssistant | null
    history: AssistantMessage[]
    signal?: AbortSignal
  }): Promise<MessageReading>
  /**
   * docs/product.md §3's recommendations for a cat (food, treats, playtime, welcome messages). Rejects with
   * AssistantUnavailableError when the answer cannot be used; the caller then falls back to the rule.
   */
  recommend(cat: CatForRecommendations): Promise<RecommendationResult>
}

/** The cat as the recommendations see it: the rule's inputs, and any other profile field sent. */
export type CatForRecommendations = RecommendationInput & { breed?: string | null; gender?: string | null }
