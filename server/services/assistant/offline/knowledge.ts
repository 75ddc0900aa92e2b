// The specialist's curated cat-care knowledge base: reviewed data in server/knowledge/care-topics.json
// (each topic with its sources), checked at start-up. Topics are matched by keywords (topic-match.ts) and
// written for an owner to act on today; "when to see a vet" lines follow common veterinary guidance and
// never replace an examination.
import { CARE_TOPICS, type CareTopic, type TopicId } from '../../../knowledge/index.ts'

export type { CareTopic, TopicId }

export const KNOWLEDGE_BASE: readonly CareTopic[] = CARE_TOPICS
