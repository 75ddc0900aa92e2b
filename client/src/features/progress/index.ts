// The progress feature's public face: the report the progress page shows and the weight offer the chat shows.
// Other features import progress only from here.
export { ChatWeightOffer } from './ChatWeightOffer.tsx'
export { ProgressReport } from './ProgressReport.tsx'
