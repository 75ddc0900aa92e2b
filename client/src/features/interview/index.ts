// The receptionist interview (docs/product.md §4) as the screens use it: /interview, the onboarding chat that
// hands its conversation over, and /cat-assistant-b. Its state, storage keys and server copy stay inside.
export { handOverOnboarding } from './interview-store.ts'
export { confirmSubscription, createProfile, useProfileCalls } from './profile.ts'
export { type FinalStepTools, useInterviewEngine } from './useInterviewEngine.ts'
