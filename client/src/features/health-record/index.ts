// The health record feature's public face: the sections /progress composes.
export { Documents } from './Documents.tsx'
export { Medications } from './Medications.tsx'
export { TodaysDoses } from './TodaysDoses.tsx'
export { useCatVets } from './useCatVets.ts'
export { Vaccinations } from './Vaccinations.tsx'
export { Vets } from './Vets.tsx'
