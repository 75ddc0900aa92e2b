// The account feature's public face: the data section (export, delete) of the account settings page, and
// the pieces the page's other account controls share with it (a step behind a mailed code, one request).
export { askForCode } from './ask-for-code.ts'
export { DataSection } from './DataSection.tsx'
export { HeldBeforeProofNotice } from './HeldBeforeProofNotice.tsx'
export { MailedCodeStep } from './MailedCodeStep.tsx'
export { ReviewConsentSection } from './ReviewConsentSection.tsx'
export { useAccountTask } from './useAccountTask.ts'
