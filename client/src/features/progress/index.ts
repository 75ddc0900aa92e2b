// The progress feature's public face: the report the progress page shows, and the weight form a
// sitter's page shows on its own.
// Other features import progress only from here.
export { ProgressReport } from './ProgressReport.tsx'
export { WeightForm } from './WeightForm.tsx'
