// The household feature's public face: choosing the current cat, and asking whether a plan is for a new cat.
// Other features import household only from here.
export { CatSwitcher } from './CatSwitcher.tsx'
export { NEW_OR_UPDATE_TITLE, NewOrUpdateQuestion, type PlanTarget } from './NewOrUpdateQuestion.tsx'
