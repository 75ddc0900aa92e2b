// The care feature's public face: the plan editor and the check-ins that pages compose. Other features
// import care only from here.
export { CareCheckIns } from './CareCheckIns.tsx'
export { CarePlanEditor } from './CarePlanEditor.tsx'
export { PlanAnswersCard } from './PlanAnswersCard.tsx'
