// The care feature's public face: the plan editor, the check-ins and the time-zone sender that pages and the
// app shell compose. Other features import care only from here.
export { CareCheckIns } from './CareCheckIns.tsx'
export { CarePlanEditor } from './CarePlanEditor.tsx'
export { CheckInOpening } from './CheckInOpening.tsx'
export { SendTimeZone } from './SendTimeZone.tsx'
