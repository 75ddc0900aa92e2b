// Urgent-care triage: signs that need a vet now come before any other advice.
import { normalise } from './text.ts'

export interface Emergency {
  id: string
  title: string
  /** First aid and what to tell the clinic; {name} is replaced with the cat's name. */
  advice: readonly string[]
}

/** Every urgent reply starts with this line, so the owner sees it before anything else. */
export const URGENT_HEADLINE =
  '**This could be an emergency. Please take {name} to a vet now.** If your usual vet is closed, go to the nearest 24-hour emergency clinic, and call ahead on the way so they can get ready.'

interface EmergencyRule extends Emergency {
  signs: readonly RegExp[]
  /** Extra condition, for signs that are an emergency only for some cats. */
  appliesTo?: (context: TriageContext) => boolean
}

interface TriageContext {
  sex: 'male' | 'female' | 'unknown'
}

const POISON_ADVICE =
  "Don't try to make {name} vomit at home (salt and hydrogen peroxide are harmful to cats), and take the packaging, plant or a photo with you. In the US you can also call ASPCA Animal Poison Control on (888) 426-4435 or the Pet Poison Helpline on (855) 764-7661 (fees may apply)."

const EMERGENCIES: readonly EmergencyRule[] = [
  {
    id: 'breathing',
    title: 'Breathing trouble',
    signs: [
      /\bopen[- ]?mouth(?:ed)? breath/,
      /\bbreath\w* (?:with|through) (?:(?:his|her|its|their|the) )?mouth/,
      /\bmouth breath/,
      /\bgasp/,
      /\b(?:struggl|difficult|trouble|hard time|labou?r)\w* (?:to |with |when )?breath/,
      /\b(?:can'?t|cannot|unable to|not able to|isn'?t|not) breath/,
      /\b(?:blue|purple|gr[ae]y|white|pale) (?:gums|tongue|lips)/,
      /\bgums? (?:are|is|look|looks|turned|turning|gone) (?:blue|purple|gr[ae]y|white)/,
      /\bchok(?:e|es|ed|ing)\b/,
      /\bpanting\b/,
      /\bbreath\w* (?:really |very |so )?(?:fast|rapid|heav)/,
    ],
    advice: [
      "Open-mouth breathing, gasping, or blue, purple or grey gums mean {name} isn't getting enough oxygen. Causes such as heart failure, asthma or fluid around the lungs can only be treated at a clinic.",
      'Keep {name} calm and handle as little as possible; travel in a carrier with good airflow, and keep the car cool.',
      "Don't give food, water or medicines, and don't try to look down the throat unless you can clearly see and safely remove an object.",
    ],
  },
  {
    id: 'urinary-blockage',
    title: 'Not passing urine',
    signs: [
      // "can't pee", "hasn't peed all day", "not peeing at all", but not "not peeing in the box".
      /\b(?:can'?t|cannot|unable to|not able to|struggling to) (?:pee|wee|urinate)\b(?! (?:in|on|outside|anywhere))/,
      /\b(?:hasn'?t|has not|haven'?t|have not) (?:been able to )?(?:peed|pee|urinated|urinate|weed|wee)\b(?! (?:in|on|outside|anywhere))/,
      /\b(?:isn'?t|is not|not) (?:peeing|urinating|weeing)\b(?! (?:in|on|outside|anywhere|properly in))/,
      /\bno (?:urine|pee|wee)\b/,
      /\bnothing (?:comes|is coming|coming|came) out/,
      /\burinary (?:blockage|obstruction)|\bblocked (?:bladder|urethra|tom|male|cat)\b|\b(?:is|he's|got|gets|get) blocked\b/,
    ],
    advice: [
      'A cat who strains in the litter box and passes little or no urine may have a blocked urethra, which is most common in male cats. Toxins build up and potassium can reach fatal levels within 24 to 48 hours.',
      "Don't wait to see whether it passes, and don't mistake it for constipation: straining in the box is treated as a blockage until a vet says otherwise.",
    ],
  },
  {
    id: 'urinary-straining-male',
    title: 'Straining to urinate',
    signs: [
      /\bstrain\w* (?:to |when |while |trying to )?(?:pee|wee|urinat)/,
      /\b(?:trying|tries|tried|keeps trying) to (?:pee|wee|urinate)/,
      /\bstrain\w* (?:in|at|on) (?:the |his |her )?(?:litter|box|tray)/,
      /\b(?:crying|yowling|howling) (?:in|when|while) (?:the )?(?:litter|peeing|he pees|trying)/,
      /\bin and out of the (?:litter )?(?:box|tray)/,
    ],
    appliesTo: (context) => context.sex !== 'female',
    advice: [
      'In a male cat (or any cat whose sex you are not sure of), straining in the litter box is treated as a urinary blockage until a vet rules it out: a blocked cat can die within 24 to 48 hours.',
      'Note when {name} last passed a normal amount of urine, and tell the clinic when you call.',
    ],
  },
  {
    id: 'lilies',
    title: 'Lilies',
    signs: [/\blil(?:y|ies)\b/, /\bday ?lil/],
    advice: [
      'Every part of true lilies and daylilies is poisonous to cats, including the pollen and the water in the vase: licking a little pollen off the fur can cause kidney failure.',
      'Treatment works best in the first hours, before any signs appear, so go now even if {name} seems fine.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'antifreeze',
    title: 'Antifreeze',
    signs: [/\banti-?freeze\b/, /\bethylene glycol\b/, /\bcoolant\b/],
    advice: [
      'Antifreeze (ethylene glycol) tastes sweet and a teaspoon can be fatal to a cat; the antidote only works within a few hours of drinking it.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'painkillers',
    title: 'Human painkillers',
    signs: [
      /\bparacetamol\b|\bacetaminophen\b|\btylenol\b|\bpanadol\b|\bcalpol\b/,
      /\bibuprofen\b|\badvil\b|\bnurofen\b|\bnaproxen\b|\baleve\b|\baspirin\b/,
    ],
    advice: [
      'Paracetamol (acetaminophen) is deadly to cats, even a single tablet: it damages red blood cells and the liver. Ibuprofen, naproxen and aspirin cause stomach ulcers and kidney failure.',
      'Signs such as brown or blue gums, a swollen face or paws, or fast breathing can take a few hours to appear, so go now.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'permethrin',
    title: 'Dog flea treatment (permethrin)',
    signs: [
      /\bpermethrin\b/,
      /\bdog'?s? (?:flea|tick|spot[- ]?on)/,
      /\b(?:flea|tick)\w* (?:treatment|product|drops|medicine|spot[- ]?on|collar)\w* (?:for|meant for|made for|from) (?:the |our |my )?dog/,
    ],
    advice: [
      'Many dog flea products contain permethrin, which is highly toxic to cats and causes twitching, tremors and seizures within hours.',
      "If the product is still on the fur and your vet tells you to, wash it off with lukewarm water and a little mild washing-up liquid, then dry {name} and keep them warm; but don't let that delay the trip.",
      POISON_ADVICE,
    ],
  },
  {
    id: 'chocolate',
    title: 'Chocolate',
    signs: [/\bchocolate\b/, /\bcocoa\b/],
    advice: [
      'Chocolate contains theobromine and caffeine, which cats cannot clear; dark and baking chocolate are the most dangerous. Signs include vomiting, restlessness, a racing heart, tremors and seizures.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'onion-garlic',
    title: 'Onions and garlic',
    signs: [/\bonions?\b/, /\bgarlic\b/, /\bleeks?\b/, /\bchives?\b/, /\bshallots?\b/],
    advice: [
      'Onions, garlic, leeks and chives (raw, cooked or powdered, as in gravy or baby food) damage red blood cells and can cause anaemia that shows up days later.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'rodenticide',
    title: 'Rat or mouse poison',
    signs: [/\b(?:rat|mouse|rodent)s? (?:poison|bait|killer)/, /\brodenticide/, /\bslug pellet/],
    advice: [
      'Many rat and mouse poisons cause internal bleeding that only shows days later; others cause seizures or kidney failure. Eating a poisoned rodent can also be dangerous.',
      'Take the packaging with you, as the treatment depends on the exact ingredient.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'other-toxins',
    title: 'Household toxins',
    signs: [
      /\bessential oils?\b/,
      /\btea tree\b/,
      /\bbleach\b/,
      /\b(?:ate|eaten|swallowed|licked|drank|chewed)\b.*\b(?:pills?|tablets?|medication|medicine|cleaner|detergent)\b/,
    ],
    advice: [
      'Cats lack some of the liver enzymes other animals use to clear drugs and chemicals, so essential oils, household cleaners and human medicines can poison them at small doses.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'poisoning',
    title: 'Possible poisoning',
    // "Is this plant poisonous?" is a question for the knowledge base; "she's been poisoned" is not.
    signs: [
      /\bpoisoned\b/,
      /\bpoisoning\b/,
      /\b(?:ate|eaten|licked|swallowed|drank|chewed|got into)\b.*\bpoison/,
    ],
    advice: [
      'Many poisons take hours to show signs, and the earlier treatment starts the better it works, so go now even if {name} seems fine.',
      POISON_ADVICE,
    ],
  },
  {
    id: 'swallowed-object',
    title: 'Swallowed string or objects',
    signs: [
      /\b(?:ate|eaten|swallowed|swallow)\b.*\b(?:string|thread|needle|ribbon|tinsel|hair tie|elastic|rubber band|yarn|wool|dental floss)\b/,
      /\b(?:string|thread|ribbon)\b.*\b(?:hanging|sticking) out\b/,
    ],
    advice: [
      'String, thread, ribbon and tinsel can bunch up the intestines and cut through them; needles are often attached to thread.',
      "Never pull on anything hanging from the mouth or bottom, as it can tear the gut. Don't give food, and go now.",
    ],
  },
  {
    id: 'seizure',
    title: 'Seizures',
    signs: [
      /\bseiz/,
      /\bconvuls/,
      /\bfitting\b/,
      /\b(?:having|had|has|having a|had a|has a) fits?\b/,
      /\bepilep/,
      /\b(?:twitching|shaking|jerking|paddling)\b.*\b(?:uncontrollabl|all over|violently|can'?t stop|won'?t stop)/,
    ],
    advice: [
      "During a seizure, keep {name} away from stairs and hard edges, dim the lights and keep your hands away from the mouth (cats can't swallow their tongue).",
      'Time it, and film it if you safely can. A seizure lasting more than 5 minutes, or several in a row, is life-threatening; even a single seizure needs a vet the same day.',
    ],
  },
  {
    id: 'collapse',
    title: 'Collapse',
    signs: [
      /\bcollaps/,
      /\bunconscious\b|\bunresponsive\b|\bpassed out\b|\bfainted\b|\bfainting\b/,
      /\b(?:can'?t|cannot|unable to|not able to) (?:stand up|get up|wake)|\bwon'?t wake/,
      /\b(?:went|gone|is|lying) limp\b/,
      /\bdragging (?:(?:his|her|its|their|the) )?(?:back |hind |rear )?legs?\b|\b(?:back|hind|rear) legs? (?:paralys|not working|stopped working|gave out)/,
    ],
    advice: [
      'Keep {name} warm with a blanket, lying flat, and check that they are breathing; move them gently in a carrier or on a towel.',
      'Sudden weakness or paralysis of the back legs, often with crying and cold paws, can be a blood clot (common with heart disease) and needs pain relief fast.',
      "Don't give food or water.",
    ],
  },
  {
    id: 'bleeding',
    title: 'Heavy bleeding',
    signs: [
      /\bbleed\w* (?:heavily|a lot|badly|profusely|everywhere|non-?stop|lots|so much)/,
      /\b(?:won'?t|doesn'?t|does not|can'?t|cannot|not) stop(?:ped)? bleeding/,
      /\blots of blood\b|\bblood everywhere\b|\bpool of blood\b|\bso much blood\b/,
      /\bgushing\b|\bspurting\b|\b(?:major|heavy|serious) bleed/,
    ],
    advice: [
      'Press firmly on the wound with a clean cloth or gauze and keep the pressure on; if blood soaks through, add more layers on top rather than lifting the first one.',
      "Keep pressing on the way to the clinic, and don't use a tourniquet.",
    ],
  },
  {
    id: 'trauma',
    title: 'Hit by a car, fall or attack',
    signs: [
      /\b(?:hit|struck|knocked) (?:by|over by) (?:a |the )?(?:car|vehicle|van|truck|bike|motorbike)/,
      /\brun over\b|\bran over\b/,
      /\b(?:fell|fallen|jumped|fall) (?:from|off|out of) (?:a |the |our |my )?(?:balcony|window|roof|\w+ (?:floor|storey|story))/,
      /\battacked by (?:a |the )?dog|\bdog (?:attack|bit|mauled|grabbed)/,
    ],
    advice: [
      'Even if {name} seems fine, internal bleeding, a ruptured bladder or bruised lungs can take hours to show, and cats hide pain very well.',
      'Injured cats may bite out of fear: gently wrap {name} in a towel, slide them onto a flat surface or into a carrier, and keep them warm and still on the way.',
    ],
  },
]

const TOXIN_IDS: ReadonlySet<string> = new Set([
  'lilies',
  'antifreeze',
  'painkillers',
  'permethrin',
  'chocolate',
  'onion-garlic',
  'rodenticide',
  'other-toxins',
])

/** The cat's sex, from the profile or, failing that, the pronouns the owner used. */
function sexOf(text: string, gender: string | null | undefined): TriageContext['sex'] {
  const profile = gender?.toLowerCase()
  if (profile === 'male' || profile === 'female') return profile
  if (/\b(?:he|him|his|he's|male|tom|boy)\b/.test(text)) return 'male'
  if (/\b(?:she|her|hers|she's|female|girl|queen)\b/.test(text)) return 'female'
  return 'unknown'
}

/**
 * The emergencies a message describes, most pressing first. Mentions of a toxin count even as a
 * question ("are lilies dangerous?"): the answer is phrased for an exposed cat either way.
 */
export function detectEmergencies(message: string, gender?: string | null): Emergency[] {
  const text = normalise(message)
  const context: TriageContext = { sex: sexOf(text, gender) }
  const found = EMERGENCIES.filter(
    (rule) => rule.signs.some((sign) => sign.test(text)) && (rule.appliesTo?.(context) ?? true),
  )
  const ids = new Set(found.map((rule) => rule.id))
  // A blocked cat already gets the straining advice, and a named toxin already gets the general
  // poisoning advice: saying either twice adds nothing.
  const redundant = new Set<string>()
  if (ids.has('urinary-blockage')) redundant.add('urinary-straining-male')
  if (found.some((rule) => TOXIN_IDS.has(rule.id))) redundant.add('poisoning')
  return found
    .filter((rule) => !redundant.has(rule.id))
    .map(({ id, title, advice }) => ({ id, title, advice }))
}
