// The health record feature's public face: the sections /progress composes.
export { Documents } from './Documents.tsx'
export { Medications } from './Medications.tsx'
export { Vaccinations } from './Vaccinations.tsx'
export { Vets } from './Vets.tsx'
