// Breed-specific additions to topic advice, for the quiz breeds where the breed really changes it.
import { breedWeights, type WeightRangeKg, weightRangeText } from '../../../../shared/rules/breed-weights.ts'
import type { QuizBreed } from './breed-vocabulary.ts'
import type { TopicId } from './knowledge.ts'

type BreedNotes = Partial<Record<TopicId, string>>

/** '8 to 12 lbs (3.6 to 5.5 kg)'. */
function rangeText(range: WeightRangeKg): string {
  return `${weightRangeText(range, 'Lbs')}s (${weightRangeText(range, 'Kg')})`
}

function maineCoonRange(): string {
  const maineCoon = breedWeights('Maine Coon')
  if (!maineCoon) throw new Error('shared/rules/breed-weights.ts has no Maine Coon entry')
  return `${rangeText(maineCoon.female)} and a male ${rangeText(maineCoon.male)}`
}
const MAINE_COON_RANGE = maineCoonRange()

const NOTES: Partial<Record<QuizBreed, BreedNotes>> = {
  Persian: {
    grooming:
      'Persians need daily combing right down to the skin to prevent mats, and a gentle daily wipe around the eyes, as their flat faces make tear staining common.',
    dental: 'Flat-faced breeds like Persians often have crowded teeth, so dental care matters even more.',
    kidney:
      'Persians can inherit polycystic kidney disease (PKD); ask your vet whether an ultrasound or DNA test makes sense.',
    travel:
      'Flat-faced breeds like Persians overheat and get short of breath more easily, so keep trips cool and calm.',
    respiratory:
      "A Persian's short nose makes congestion harder to cope with, so don't wait long before seeing the vet.",
  },
  'Maine Coon': {
    grooming:
      'Maine Coons need brushing several times a week, paying attention to the belly, armpits and the fluffy "trousers".',
    // Weights: shared/rules/breed-weights.ts (with its sources), the same range the nutrition rule checks.
    weight: `Maine Coons are large, but a healthy adult female typically weighs ${MAINE_COON_RANGE}; 25 lbs is obese, not big-boned, so judge by body condition rather than the number on the scale.`,
    kittens:
      'Maine Coons fill out slowly and reach full size at 3 to 5 years, but kitten (growth) food is fed to about 12 months, sometimes up to 18 months for this large breed; ask your vet when to switch.',
    arthritis:
      'Large breeds like Maine Coons are prone to hip dysplasia, so keeping them lean protects their joints.',
  },
  Siamese: {
    behaviour:
      'Siamese are very social and vocal, and can get stressed when left alone a lot; puzzle toys, training games and company help.',
    play: 'Siamese are clever and love learning: try clicker training or fetch alongside wand toys.',
    dental: 'Siamese are more prone to gum disease than many breeds, so daily brushing pays off.',
  },
  Ragdoll: {
    grooming:
      "A Ragdoll's semi-long coat mats less than a Persian's, but still needs brushing two or three times a week.",
    play: 'Ragdolls are laid-back, so short, gentle play sessions on the floor suit them best.',
    weight: 'Ragdolls are relaxed and prone to gaining weight, so measured meals and daily play matter.',
  },
  Bengal: {
    play: 'Bengals are very high-energy: plan for vigorous daily play, climbing space and puzzle feeders; many enjoy water play or walking on a harness.',
    behaviour:
      'Under-stimulated Bengals often turn their energy into destructive or attention-seeking behaviour, so more play is usually the first fix.',
    scratching: 'Bengals scratch and climb a lot: tall, heavy cat trees help protect furniture.',
  },
  'British Shorthair': {
    weight: 'British Shorthairs are prone to weight gain, so measure every meal and keep treats small.',
    grooming:
      'The dense British Shorthair coat needs weekly brushing, and more during spring and autumn shedding.',
    play: 'British Shorthairs are calm and can be reluctant players: short, slow wand-toy games work best.',
  },
  Sphynx: {
    grooming:
      'Without fur to absorb skin oils, a Sphynx needs a weekly bath with a mild cat shampoo, plus regular cleaning of the ears and the nail beds.',
    feeding:
      'Sphynx cats burn extra energy keeping warm, so they often need a little more food than a coated cat of the same size.',
    travel: 'Keep a Sphynx warm while travelling, with a fleece in the carrier.',
  },
  'American Shorthair': {
    weight:
      'American Shorthairs love their food and are prone to obesity, so measured meals make a big difference.',
  },
}

export function breedNote(breed: string | null | undefined, topic: TopicId): string | undefined {
  if (!breed) return undefined
  // The profile screen spells some breeds in lower case ("Maine coon"), the quiz in title case.
  const wanted = breed.trim().toLowerCase()
  const notes = Object.entries(NOTES).find(([name]) => name.toLowerCase() === wanted)?.[1]
  return notes?.[topic]
}
