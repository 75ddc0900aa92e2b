// The health record feature's public face: the sections /progress composes.
export { Medications } from './Medications.tsx'
export { Vaccinations } from './Vaccinations.tsx'
