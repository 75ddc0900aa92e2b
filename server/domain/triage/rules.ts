// Rules over concepts (docs/triage.md, "Rules over concepts"): which reviewed signs of
// server/knowledge/urgent-signs.json a message describes, told apart from a question about a danger
// that has not happened ("can I give…?", "how do I stop him getting hit by a car?").

import { toPounds } from '../../../shared/rules/weight-units.ts'
import { URGENT_SIGNS, type UrgentSign } from '../../knowledge/index.ts'
import { type Mention, readConcepts } from './concepts.ts'
import { HARD_SIGNS, talkedDown } from './context.ts'
import type { Facts, NormalisedMessage, Token } from './normalise.ts'

/** What triage knows about the cat besides the message. */
export interface TriageCat {
  gender?: string | null | undefined
  /** Years; 0 is the quiz's Kitten band. */
  age?: number | null | undefined
  weight?: number | null | undefined
  weightUnit?: string | null | undefined
  medicalConditions?: string | null | undefined
}

export interface SignFound {
  rule: UrgentSign
  /** A question about a danger that has not happened: answered with the rule's caution, calmly. */
  asQuestion: boolean
  /** The owner's own words for a poison ("tea tree oil"), so the answer names what was asked. */
  named?: string
}

/** Mentions further apart than this many counted words are about different things. */
const WINDOW = 24

/**
 * Said as something that already happened: "I used", "she has pollen on her face", "one is missing", and
 * what the owner sees now ("now she has yellow pollen on her side", "I just noticed orange powder on her
 * face", "she is sat there licking it"), even when a question follows.
 */
const HAPPENED =
  /\b(?:(?:he|she|they|it|cat|kitten) (?:just |already )?bit|(?<!(?:can|should|could|may|do|would|will|to|if) )i (?:give|apply|spray|rub) (?:him|her|it|my cat|the cat|them|some)(?! (?:on|onto|into|over) (?:my|me|myself)\b)|(?<!(?:can|should|could|may|do|would|will|to|if) )i put (?:it |some )?on (?:him|her|my cat|the cat|them)|(?<!(?:can|should|could|may|do|would|will|to|if) )i use (?:it |this |that |some )?on (?:him|her|my cat|the cat|them)|(?<!(?:does|do|did|can|could|will|would|should|may|might|to|if|not) (?:my |the |your |our )?)(?:he|she|cat|kitten|it|kitty) (?:eat|drink|lick|chew|bite|swallow)s?\b|(?:he|she|cat|kitten|it|kitty|they) (?:has|have) (?:bite|bit|eat|drink|lick|chew|swallow)\b|(?:i|we) (?:am|are|was|were|have been|had been) (?:putting|using|giving|applying|spraying|rubbing)\b(?! (?:\w+ ){0,2}(?:in|into) (?:pots?|planters?|the (?:ground|garden|border|borders|beds?|soil|lawn))\b)|(?:i|we) (?:just |already )?did (?:it|that|this)\b|already (?:done|did|put|used|gave|applied)|not there|can not find|gone missing|(?:is|are) gone|(?<!(?:stitches|sutures|staples|cone|tooth|teeth|claw|claws|fur|hair|sun|results) )came out|(?:going|went) to town on|got splashed|ate|eaten|chewed|licked|lapped|drank|swallowed|nibbled|bitten|munched|gnawed|tasted|got into|gotten into|knocked over|(?<!(?:i|we) )(?:spilled|spilt)|stepped in|walked (?:in|through)|rolled in|(?:i|we|he|she|they|you|someone|my \w+) (?:just |already |accidentally )?used|used (?:it|some|the|a|an|his|her|my|our|their|dog|slightly|half|one)\b|applied|(?<!(?:council|councils|neighbour|neighbours|neighbor|neighbors|farmer|farmers|city|landlord|gardener|gardeners|contractor|contractors) )sprayed|rubbed|gave (?:him|her|it|them|my cat|the cat|some|a|an|one|half)\b|(?:has|have|had|was|been) given (?:him|her|it|them|my cat|the cat|some)\b|(?<!(?:cover|lid|cap|door|panel|flap|top|label) (?:is |was |are |were )?)missing|(?:is|are|was) (?:now )?empty|found (?:him|her|it|them)|caught (?:him|her|them)|dropped|stole|pinched|inhaled|ingested|scoffed|wolfed|gobbled|treated (?:him|her)|bathed (?:him|her)|washed (?:him|her)|been (?:eating|licking|chewing|drinking)|(?<=\w )(?:is|was|are|were) (?:eating|licking|chewing|drinking|playing)(?! (?:normally|normal|fine|well|ok|okay|again|soft|wet|dry|food|only|loads|more|less|plenty|water|everything|as usual|and (?:drinking|walking|playing|pooping|peeing|sleeping)))|just (?:had|got)(?! (?:(?:a|an|my|our|the|another|her|his) )?(?:new |second |rescue |little )?(?:cat|cats|kitten|kittens|puppy|dog|rescue|litter|babies|baby)\b)|(?<!(?:i|we|you|i have|we have) )had (?:some|a|one|two|an|half)(?! (?:\w+ ){0,2}(?:infection|illness|cold|flu|virus|operation|surgery|scan|test|tests|diagnosis|history|condition|disease|uti|checkup|vaccination|vaccine|jab|bath|haircut|groom|dental|litter|kittens)\b)|what (?:should|do|can) (?:i|we) do(?! if| to (?:keep|stop|prevent|protect|make|avoid))|(?<!\b(?:patch|spot|lump|rash|sore|scab|bump|wound|mark|redness|sit|sits|sitting|sat|sleep|sleeps|sleeping|slept|lie|lies|lying|lay|lays|perch|perches|curl up|curls up) )(?:on|all over) (?:his|her|its|the) (?:\w+ )?(?:fur|face|paws?|nose|coat|mouth|tongue|feet|body|whiskers|chest|legs?|head|back|belly|tummy|tail|chin|ears?|skin|neck)(?! (?:wall|walls|door|fence|garden|yard|step|steps|seat|porch|gate|shelf|room|window|lawn|patio|garage)\b)|covered in|(?<!(?:can|could|should|would|will|may|to|do|did|if) )(?:^|i |we |he |she |someone |they |partner |husband |wife |boyfriend |girlfriend |son |daughter |mum |mom |dad |flatmate |roommate |kids? |sitter |my \w+ )(?:just |already |accidentally )?put\b[^.?!;]{0,60}? (?:on|onto)\b(?! (?:the )?(?:yard|garden|kitchen|shed|garage|cupboard|loft|floor|table|shelf|counter|collar|grave|windowsill|wardrobe)\b)(?! (?:her|his) (?:knees?|elbows?|wrists?|hands?|arms?|fingers?|thumbs?|ankles?|forehead|temples)\b)(?! (?:my|his|its|the|a|an|our|their|your|top of) (?!(?:cat|cats|kitten|kitty|fur|coat|neck|back|skin|paws?|feet|head|scruff|face|body|ears?|tail|chest|belly|tummy|shoulders?|spine)\b))|(?:saw|seen|spotted|watched) (?:\w+ ){0,2}(?:eating|chewing|licking|drinking|nibbling|eat|chew|lick|drink|nibble|swallow)\b|caught (?:\w+ ){0,2}(?:eating|chewing|licking|drinking|nibbling)|bit (?:into|through|off)|(?:crushed|mixed|hid|stirred|sprinkled) (?:\w+ ){0,5}(?:into|in) (?:his|her|its|the|their|my cat) (?:food|dinner|breakfast|meal|bowl|water|treat|treats|milk)|(?:got|had|took|taken|gotten) (?:a |an |one )?(?:tiny |small |little |quick |big |good |wee )?(?:lick|taste|mouthful|nibble|sip|swig|gulp|lap)\b|got (?:his|her|its|their) (?:paws?|feet|face|nose|head|tail|fur|mouth|tongue) (?:in|into|on|all over)\b|after (?:eating|chewing|licking|drinking|swallowing|nibbling|biting|getting into)|(?:wiped|washed|rinsed|brushed|licked) (?:it|them|some|most|all)(?: of (?:it|them))? off\b(?! with\b)(?! (?:the |my )?(?:floor|counter|table|worktop|sofa|carpet|shelf|side|bench)\b)|got (?:it|them|some|most|all|bits)(?: of (?:it|them))? (?:off|out of) (?:him|her|them|his|the cat|my cat)|(?:accidentally|mistakenly) (?:gave|given|fed|used|put|applied|sprayed|dosed)|(?:gave|given|fed|dosed|used|put|applied|sprayed)\b[^.?!;]{0,40}\b(?:by mistake|by accident)|fed (?:(?:him|her|them|it|my cat|the cat) )?(?:a few|some|one|two|three|several|a|an|half|bits|pieces|a piece)|now (?:he|she|it|they) (?:has|have|is|are) (?:\w+ ){0,4}(?:on|over|all over) (?:\w+ ){0,4}(?:face|nose|fur|paws?|pads|side|chin|head|coat|whiskers|mouth|lips|body|back|legs?|tail)|i (?:have )?(?:just )?(?:noticed|found|spotted|seen|saw) (?:\w+ ){0,4}(?:on|over|all over) (?:\w+ ){0,4}(?:face|nose|fur|paws?|pads|side|chin|head|coat|whiskers|mouth|lips|body|back|legs?|tail)|(?:he|she|it|they) (?:is|was|are|were) (?:sat |sitting |stood |standing )?there (?:licking|chewing|eating))\b/
/** Asked before anything happened: "can I give…", "is it safe…", "are tulips OK…". */
const QUESTION =
  /^(?:can|could|should|may|is|are|does|do|what|which|how|would|will|any)\b|\b(?:safe|ok|okay|alright|all right|allowed|good (?:for|snack|idea|treat)|bad for|toxic|poisonous|dangerous|harmful)\b|\bhow (?:bad|dangerous|toxic|serious|risky)\b|\bthinking (?:of|about)\b|\b(?:i|we) (?:want|plan|intend|am planning|are planning|am going|are going) to\b|\b(?:want|wants|planning|plan) to\b|\bbefore (?:i|we) (?:buy|use|put|get|apply)\b|\b(?:keeps|always) (?:trying|tries) to\b|\btries to\b|\bshould (?:i|we)\b|\bdo (?:i|we) (?:need|have) to\b|\bneed to worry\b|\bis (?:it|that|this) (?:bad|ok|okay|safe|a problem)\b|\bwondering\b|\b(?:is|are) (?:it|that|this|they|these|those) (?:ok|okay|safe|bad|fine|alright|a problem)\b|\bany (?:danger|risk)\b|\b(?:would|could) (?:it|that) be\b|\bthinks? it (?:would )?be\b|\b(?:poison|danger|risky|a risk)\b|\b(?:can|could|should|may) (?:i|we|he|she|they|cats?|my cat|the cat)\b|\b(?:is|are) (?:it|that|this|they|these|those)(?: \w+)? (?:bad|ok|okay|safe|fine|alright|a problem|poison|poisonous|toxic|dangerous|danger|harmful|risky|a risk)\b/
/** A sentence about what might happen, or how to prevent it: its signs are not happening. */
const HYPOTHETICAL =
  /\b(?:how (?:do|can|could|should|would|to) (?:i |we |you )?(?:stop|prevent|keep|protect|avoid|make sure|tell|know|spot|recogni[sz]e|cat ?proof)|what (?:should|do|would) (?:i|we) do if|what if|in case|what happens if|signs of|symptoms of|warning signs|prevent\w*|avoid\w*|safe from|ways? to|tips? (?:for|on|to)|risk of|risks of|worried (?:he|she|they) (?:might|will|could)|(?:might|could) (?:he|she|they) (?:get|be)|if (?:he|she|it|they) ever|should (?:he|she|it|they) ever|never (?:had|has)|might (?:have|get|be|eat|chew)|when should|should \w+ (?:\w+ )?worry me|dangerous for (?:a |an )?(?:\w+ )?cat|why is it (?:dangerous|bad)|(?:do|can|are|will|would|could|does) cats\b|in (?:the )?future|prepar\w*|(?:will|gonna|going to) (?:come|arrive|be born)|(?:do|does) not want (?:him|her|them|it|my cat|the cat) to|(?:worried|scared|afraid|nervous) (?:that )?(?:he|she|they|it|my cat) (?:will|might|could|would|may)|(?:can|could|would|will|might) (?:he|she|it|they|my cat|the cat) (?:also |still )?(?:be|get|become)|what to do (?:during|if|when)|what is the right thing to do|how much (?:\w+ ){0,3}(?:would|could|will|can|does|do|is)|enough to (?:make|cause|hurt|harm|kill|poison)|(?:would|will|could|can|does|do) (?:\w+ ){0,2}(?:make|get) (?:a |my |the )?(?:cat|cats|him|her|them|kitty) (?:sick|ill|unwell)|or (?:is|are) (?:he|she|it|they) just|(?:if|when) (?:swallow|swallowed|eaten|ingested|chewed|licked|touched)|horror stories|stories about|(?:i|we) (?:have )?(?:read|heard) (?:about|that|of)|reduce the (?:chance|risk)|lower the (?:risk|chance)|chances? of|(?:dangerous|safe|bad|risky|harmful|a risk|a problem|hazards?) (?:for|to) (?:cats|a cat|kittens)|(?:for|in) (?:cats|kittens|a cat|a kitten) (?:with|that have|who have)|thinking (?:of|about) (?:buying|getting)|so (?:he|she|it|they) (?:does|do|will|can) not|(?:does|do|will) not get (?:poisoned|hurt|sick|hit)|^(?:can|should|could|may|is it ok to|is it okay to) (?:i|we) (?:just )?(?:skip|stop feeding|not give|not feed|cut (?:out|back)|fast|starve|withhold)|(?:i|we) (?:want|plan|am planning|are planning|was thinking|am thinking) (?:to|of) (?:not give|not feed|skip|fast|starve|stop feeding))\b/
const SENIOR =
  /\b(?:senior|elderly|geriatric|old (?:boy|girl|lady|man|cat|guy))\b|\b(?:1[2-9]|2\d) ?(?:years?|yrs?|yo)\b/
const OVERWEIGHT = /\b(?:overweight|obese|fat|chonky|chonk|chunky|heavy|fatty|plump|porky)\b/
const KITTEN = /\bkittens?\b/

function poundsOf(cat: TriageCat, text: string): number | null {
  const said = /\b(\d{1,2}(?:\.\d+)?) ?(lb|lbs|pound|pounds|kg|kgs|kilos?)\b/.exec(text)
  if (said) return toPounds(Number(said[1]), said[2])
  if (cat.weight == null) return null
  return toPounds(cat.weight, cat.weightUnit)
}

function sexOf(text: string, gender: string | null | undefined): 'male' | 'female' | 'unknown' {
  const profile = gender?.trim().toLowerCase()
  if (profile === 'male' || profile === 'female') return profile
  if (/\b(?:he|him|his|himself|male|tom|boy)\b/.test(text)) return 'male'
  if (/\b(?:she|her|hers|herself|female|girl|queen)\b/.test(text)) return 'female'
  return 'unknown'
}

/** The facts of the cat and the message an atom such as "@male" or "@24h" names. */
function contextOf(cat: TriageCat, message: NormalisedMessage, facts: Facts): Set<string> {
  const text = message.text
  const context = new Set<string>()
  const sex = sexOf(text, cat.gender)
  context.add(`@${sex}`)
  if (sex !== 'female') context.add('@notfemale')
  const kitten = cat.age === 0 || (facts.ageWeeks !== null && facts.ageWeeks < 52) || KITTEN.test(text)
  if (kitten) context.add('@kitten').add('@young')
  if (facts.ageWeeks !== null && facts.ageWeeks < 4) context.add('@neonate')
  if ((cat.age ?? 0) >= 11 || SENIOR.test(text)) context.add('@senior')
  if ((poundsOf(cat, text) ?? 0) >= 15 || OVERWEIGHT.test(text)) context.add('@overweight')
  if (/diabet/i.test(cat.medicalConditions ?? '')) context.add('@diabetic')
  if (
    /\b(?:never (?:been )?spayed|not (?:been )?spayed|unspayed|is not spayed|intact female|entire female)\b/.test(
      text,
    )
  )
    context.add('@unspayed')
  const hours = facts.hours ?? 0
  if (hours >= 0.5) context.add('@30m')
  if (hours >= 1) context.add('@1h')
  if (hours >= 2) context.add('@2h')
  if (hours >= 12) context.add('@12h')
  if (hours >= 24) context.add('@24h')
  if ((facts.times ?? 0) >= 3) context.add('@3times')
  // Over 40 breaths a minute at rest or asleep is the figure Cornell gives owners to call the vet.
  if ((facts.breathsPerMinute ?? 0) > 40) context.add('@fastbreath')
  const bodyTemperature = /\b(?:his|her|its|body|rectal|cat) temp/.test(text)
  if ((facts.celsius ?? 0) >= 30 && !bodyTemperature) context.add('@hot')
  return context
}

interface Reading {
  mentions: Mention[]
  context: Set<string>
}

/** Mentions of `atom`'s concept with the right sense ("!urinate" wants "can't pee", "vomit" not "no vomiting"). */
function mentionsOf(atom: string, mentions: readonly Mention[]): Mention[] {
  const sense = atom[0] === '!' ? true : atom[0] === '~' ? null : false
  const concept = sense === false ? atom : atom.slice(1)
  return mentions.filter((m) => m.concept === concept && (sense === null || m.negated === sense))
}

/** One mention for each atom, all close together (one sentence, or within WINDOW words). */
function together(groups: readonly Mention[][]): Mention[] | null {
  const [first, ...rest] = groups
  if (!first) return []
  for (const anchor of first) {
    const picked = [anchor]
    for (const group of rest) {
      const near = group.find(
        (m) =>
          m.sentence === anchor.sentence ||
          Math.max(m.end, ...picked.map((p) => p.end)) - Math.min(m.start, ...picked.map((p) => p.start)) <=
            WINDOW,
      )
      if (!near) break
      picked.push(near)
    }
    if (picked.length === groups.length) return picked
  }
  return null
}

function holds(alternative: readonly string[], reading: Reading): Mention[] | null {
  const concepts = alternative.filter((atom) => !atom.startsWith('@'))
  if (!alternative.filter((atom) => atom.startsWith('@')).every((atom) => reading.context.has(atom)))
    return null
  return together(concepts.map((atom) => mentionsOf(atom, reading.mentions)))
}

/** Each clause's words, by clause ("she got splashed by boiling water, anyway any tips for…": two). */
function clauseTexts(words: readonly Token[]): Map<number, string> {
  const texts = new Map<number, string[]>()
  for (const token of words) texts.set(token.clause, [...(texts.get(token.clause) ?? []), token.word])
  return new Map([...texts].map(([clause, list]) => [clause, list.join(' ')]))
}

/** Asking how to prevent something: "getting bitten" in it is not a report of a bite. */
const PREVENTION =
  /\bhow (?:do|can|could|should) (?:i|we) (?:stop|prevent|keep|protect|avoid|lower|reduce|make sure)\b|\bprevent\w*|\bavoid\w*|\blower the (?:risk|chance)|\breduce the (?:risk|chance)/

/**
 * A condition, a relative clause or a wish is not what happened: "toxic if a cat chews one", "a mouse that
 * ate poison", "I'd rather she caught them herself".
 */
const NOT_REPORTED = /\b(?:if|when|whenever|in case|unless|after|before|once|rather)\b[^.?!;]*/g
/** "a mouse that ate poison": what another animal did. */
const RELATIVE = /\b(?:that|which|who) (?:ate|had eaten|licked|drank|got into)\b[^.?!;,]*/g

/** "…bad if he licked a little?": a condition in the past tense still reports what happened. */
const REPORTED_IN_CONDITION =
  /\b(?:he|she|it|they|cat|kitten|kitty|one)(?: \w+)? (?:licked|ate|eaten|chewed|drank|swallowed|got into|bit|lapped|nibbled|has had|had some)\b/
/** "…right after I used diclofenac gel": a clause after "after" in the past tense is what happened. */
const REPORTED_AFTER =
  /^after (?:i|we|he|she|they|my \w+)(?: just)? (?:used|applied|put|sprayed|rubbed|gave|treated|bathed|washed|ate|licked|chewed|drank)\b/
/** "will she be ok after chewing a lily stem?", "he was sick after licking it": the cat's state after it did it. */
const STATE_AFTER =
  /\b(?:ok|okay|fine|alright|all right|normal|sick|ill|unwell|lethargic|drooling|vomiting|throwing up|weird|strange|quiet|wobbly) $/
const AFTER_DOING = /^after (?:eating|chewing|licking|drinking|swallowing|nibbling|biting|getting into)\b/
/**
 * "would it be dangerous if my cat ate some?", "what if he licked some?": a condition under "would" or
 * "what if" is imagined, whatever its tense, unless it says when ("what if I told you he ate one an hour ago").
 */
const IMAGINED =
  /\b(?:would|could|might)\b[^.?!;]*\bif\b|\bif\b[^.?!;]*\b(?:would|could|might)\b|\bif (?:\w+ ){0,3}ever\b|\b(?:what if|suppose|supposing|imagine|hypothetically|in theory)\b(?![^.?!;]*\b(?:ago|earlier|this morning|last night|yesterday|just now|already|today)\b)/
/**
 * "Can I put some Vicks on his chest?", "I was going to cut the dog's collar down to fit her", "is it
 * alright to crush a quarter into his food?": what the owner means to do has not happened yet, unless the
 * same clause also tells what already did ("what should I do, he ate one").
 */
const INTENDED =
  /\b(?:(?:can|could|should|may|shall) (?:i|we)(?! (?:\w+ )?(?:worry|worried|concerned|do|be|call|take|go|bring|watch|look|check|tell|know|see|expect|keep an eye|panic)\b)|is it (?:ok|okay|safe|alright|all right|fine|wise|a good idea) (?:to|if (?:i|we))|(?:i|we) (?:am|are|was|were) (?:going|planning|thinking of|about|meaning|hoping) to|(?:i|we) (?:want|wanted|plan|planned|intend|intended|would like|hope|mean) to|going to try)\b[^.?!;]*/g
const REPORTED_BY_OWNER =
  /\b(?:i|we|he|she|they|someone|my \w+) (?:just |already |accidentally )?(?:used|gave|applied|sprayed|rubbed|fed|dosed|put (?:it|some|them) on (?:him|her))\b(?! to\b)|\b(?:already|just) (?:done|did|given|used|put|applied)\b|\bbeen (?:eating|licking|chewing|drinking)\b/
/** "one pill is not there", "I can't find it": something gone missing, said with a negation. */
const MISSING_SAID = /\bnot there\b|\bcan not find\b|\bcould not find\b/

/**
 * "He uses it on his face", "she rubs it on her hands": a person using a product on themselves (a cat uses
 * nothing), not the cat's contact with it.
 */
const SELF_APPLIED =
  /\b(?:he|she|husband|wife|partner|boyfriend|girlfriend|son|daughter|dad|mum|mom) (?:uses|applies|puts|rubs|spreads|dabs|sprays) (?:it|this|that|some|them|a|an|the)(?: \w+)? (?:on|to|onto) (?:his|her) (?:own )?\w+/g

/** "My dermatologist put me on minoxidil": prescribed to a person, not put on the cat. */
const PRESCRIBED_TO_OWNER =
  /\b(?:doctor|dermatologist|gp|consultant|psychiatrist|specialist|nurse|dentist) (?:has |had )?put (?:me|us|him|her|my \w+) on\b/g

/** What was dropped was got back before the cat had any. */
const RECOVERED =
  /\b(?:picked (?:it|them) up|grabbed (?:it|them)|(?:it|they) (?:is|was|are|were) (?:still )?(?:intact|whole)|in my hand|got (?:it|them) back|all accounted for)\b/
/** "the cat licks my toothbrush sometimes": a habit is asked about, not reported. */
const HABIT =
  /\b(?:sometimes|always|usually|often|every (?:day|time|morning|night)|keeps trying|tries to|everything|anything|loads|a lot|likes|loves|obsessed)\b/
const PRESENT = /\b(?:he|she|cat|kitten|it|kitty) (?:eat|drink|lick|chew|bite|swallow)s?\b/g
const withoutHabits = (text: string) => (HABIT.test(text) ? text.replace(PRESENT, ' ') : text)

/** A sentence about the past that is over: "years ago he was hit by a car, all healed now". */
const PAST_CONCEPT = 'past'
/** Words that bring a past sign back to now ("…and now he is having another one"). */
const AGAIN = new Set(['again', 'another', 'today', 'tonight'])

/**
 * "My dog had a seizure last week", "my rabbit is straining to pee, but my cat is fine", "I had a seizure",
 * "the cat next door got hit by a car", "the cat in the movie had a seizure": a clause whose subject is
 * another animal, someone else's cat (a neighbour's, a stray, one on a screen) or the owner, and which
 * says nothing more of the cat, is not
 * about the cat (docs/triage.md, "Whose sign").
 */
const OTHER_SUBJECT =
  /^(?:(?:and|but|so|also|then|well|ok|okay|anyway|btw|bro|lol|omg|um|hi|hey|hello|sadly|unfortunately|yesterday|today|earlier|literally|actually|once|last (?:week|month|year|night|easter|christmas|summer|winter|spring|autumn|time))\s+)*(?:(?:my|our|the|a|his|her|their|your|neighbour|neighbours|neighbor|neighbors|friend|friends|sister|brother|mum|mom|dad|parents|flatmate|roommate|old|new|other|little|elderly|older|senior|young)\s+){0,3}(?:dog|dogs|puppy|puppies|pup|rabbit|rabbits|bunny|hamster|hamsters|guinea pig|budgie|budgies|parrot|bird|birds|horse|pony|ferret|gerbil|tortoise|turtle|fish|chicken|chickens|hen|hens|lizard|colleague|coworker|labrador|lab|retriever|spaniel|terrier|collie|poodle|husky|beagle|staffie|greyhound|whippet|lurcher)\b|^(?:(?:and|but|so|also|bro|lol|omg|well)\s+)*i (?:(?:literally|actually|just|myself|also)\s+)?(?:had a (?:seizure|fit|stroke|heart attack|fall|panic attack)|have epilepsy|fainted|collapsed|cut myself|burnt myself|burned myself|(?:burnt|burned|cut|hurt|scalded|trapped) my (?:hand|finger|fingers|arm|leg|foot|thumb|toe)|(?:got|have|had) (?:a |an )?(?:\w+ )?(?:burn|cut|rash|blister|reaction) on my)\b|^(?:(?:and|but|so|also|sadly|unfortunately)\s+)*(?:the |a |my |our )?(?:(?:neighbour|neighbours|neighbor|neighbors|friend|friends|sister|brother|mum|mom|dad|parents|nan|gran|cousin|colleague)\s+)(?:cat|cats|kitten|kittens)\b|^(?:(?:and|but|so|also|sadly|unfortunately)\s+)*(?:the|a) (?:cat|cats|kitten|kittens) (?:next door|down the road|across the road|over the road|from next door)\b|^(?:(?:and|but|so|also|sadly|unfortunately)\s+)*(?:a|the) stray (?:cat|kitten)\b|^(?:(?:and|but|so|also|well|lol|omg)\s+)*(?:the|a|this|that) (?:cat|cats|kitten|kittens|dog|dogs) (?:in|on) (?:the |a |this |that )?(?:movie|film|show|tv|telly|television|video|book|programme|program|series|cartoon|youtube|tiktok|news|documentary)\b/
/**
 * "My son swallowed a battery once", "my toddler got into the Calpol": a person's own mishap, told to ask
 * about the cat; what they did to the cat ("my son fed her grapes") is about the cat.
 */
const PERSON_SUBJECT =
  /^(?:(?:and|but|so|also|then|well|once|sadly|unfortunately|yesterday|earlier|last (?:week|month|year|night|easter|christmas|summer|time))\s+)*(?:my|our|the|a)\s+(?:(?:little|older|younger|baby|eldest|youngest|teenage|best)\s+)?(?:son|daughter|toddler|baby|child|kid|kids|brother|sister|husband|wife|partner|boyfriend|girlfriend|nephew|niece|grandson|granddaughter|friend|flatmate|roommate|mum|mom|dad|nan|gran|grandma|grandad)\b(?!\s+(?:cat|cats|kitten|kittens|dog|dogs|puppy|rabbit))/
const DONE_BY_A_PERSON_TO_THE_CAT =
  /\b(?:him|her|his|hers|them|himself|herself|cat|cats|kitten|kittens|kitty|puss|pussy|moggy|moggie|tom)\b/
/** "My son dropped a paracetamol": what a person left within the cat's reach is still the cat's risk. */
const LEFT_WITHIN_REACH =
  /\b(?:dropped|spilled|spilt|left|lost|missing|can not find|could not find|can only find|knocked|gave|given|fed|put|used|sprayed|applied|crushed|mixed)\b/
/**
 * What the other animal did is the animal's: "him" and "her" after it are that animal ("we took him in").
 * The cat named as such is ours, and so is "he" or "she" as a subject, unless doing what only a person does
 * ("after she used dog flea drops on her": a cat uses nothing).
 */
const THE_CAT_ITSELF =
  /\b(?:cat|cats|kitten|kittens|kitty|puss|pussy|moggy|moggie|tom)\b|\b(?:he|she)\b(?! (?:\w+ )?(?:used|uses|put|puts|applied|applies|gave|gives|sprayed|sprays|treated|treats|bathed|washed|bought|took)\b)/
/** The other animal did something to the cat: "the dog bit him" is about the cat. */
const DONE_TO_THE_CAT =
  /\b(?:bit|bitten|bite|bites|attack\w*|maul\w*|chased|scratched|went for|grabbed|caught|pinned|fought|savaged|shook|stood on|sat on|trod on|stepped on)\b/

function aboutOthers(clauses: ReadonlyMap<number, string>): Set<number> {
  return new Set(
    [...clauses]
      .filter(([, text]) => {
        const person = PERSON_SUBJECT.exec(text)
        // "He was fine" after "my little brother" is the brother; "fed her grapes" is the cat.
        if (person)
          return (
            !DONE_BY_A_PERSON_TO_THE_CAT.test(text.slice(person[0].length)) && !LEFT_WITHIN_REACH.test(text)
          )
        const subject = OTHER_SUBJECT.exec(text)
        // The subject itself may be a cat ("the cat next door"): the rest of the clause must not be about
        // ours. "Him" and "her" after another animal are that animal ("the dog ate it and we took him in").
        const rest = subject ? text.slice(subject[0].length) : text
        return subject !== null && !THE_CAT_ITSELF.test(rest) && !DONE_TO_THE_CAT.test(rest)
      })
      .map(([n]) => n),
  )
}

/** The concepts that name a poison on their own ("lily", "painkiller"), from the toxin rules. */
const POISON_CONCEPTS = new Set(
  URGENT_SIGNS.rules
    .filter((rule) => rule.toxin && !rule.cautionOnly)
    .flatMap((rule) => rule.when.filter((alternative) => alternative.length === 1).flat()),
)
/** After "did not eat", the poison itself: "she did not eat any", "he did not chew it". */
const THE_POISON = new Set(['any', 'it', 'them', 'one'])

/**
 * With a poison named, "she did not eat any" says the poison was not eaten, not that the cat is off
 * her food: that negated eating decides no appetite sign (docs/triage.md, "What happened, and what might").
 */
function withoutPoisonNotEaten(mentions: readonly Mention[], words: readonly Token[]): Mention[] {
  if (!mentions.some((m) => POISON_CONCEPTS.has(m.concept))) return [...mentions]
  return mentions.filter(
    (m) => !(m.concept === 'eat' && m.negated && THE_POISON.has(words[m.end + 1]?.word ?? '')),
  )
}

/** The reviewed signs `message` describes, each marked as happened or asked about. */
export function signsIn(message: NormalisedMessage, cat: TriageCat): SignFound[] {
  const { mentions, words } = readConcepts(message)
  const clauses = clauseTexts(message.tokens)
  const hypothetical = new Set(
    [...clauses]
      .filter(([, text]) => HYPOTHETICAL.test(text) && (PREVENTION.test(text) || !HAPPENED.test(text)))
      .map(([n]) => n),
  )
  const context = contextOf(cat, message, message.facts)
  // "He had a seizure years ago and now he is having another one": the past is told, the sign is again.
  const again = new Set(message.tokens.filter((t) => AGAIN.has(t.word) && !t.negated).map((t) => t.sentence))
  const over = new Set(
    mentions
      .filter((m) => m.concept === PAST_CONCEPT && !m.negated && !again.has(m.sentence))
      .map((m) => m.sentence),
  )
  const others = aboutOthers(clauses)
  const anyones = mentions.filter((m) => !over.has(m.sentence))
  const current = anyones.filter((m) => !others.has(m.clause))
  const all: Reading = { mentions: current, context }
  const happening: Reading = {
    mentions: withoutPoisonNotEaten(
      current.filter((m) => !hypothetical.has(m.clause)),
      words,
    ),
    context,
  }
  // Context reads each sign before it counts; hard signs count whatever their context (docs/triage.md).
  const down = talkedDown(message, words, happening.mentions)
  const inContext: Reading =
    down.size === 0 ? happening : { mentions: happening.mentions.filter((m) => !down.has(m)), context }
  const sentences = new Map<number, Token[]>()
  for (const token of message.tokens) {
    if (!over.has(token.sentence) && !others.has(token.clause))
      sentences.set(token.sentence, [...(sentences.get(token.sentence) ?? []), token])
  }
  const happened = [...sentences.values()].some((list) => {
    const said = list.map((token) => token.word).join(' ')
    if (MISSING_SAID.test(said)) return true
    // "he has not eaten any", "none of them chewed": what a negation reaches did not happen.
    const text = list
      .filter((token) => !token.negated)
      .map((token) => token.word)
      .join(' ')
    const imagined = IMAGINED.test(text)
    // What the owner means to do, clause by clause: "can I give him something, he's been licking it"
    // keeps its second clause.
    const meant = [...clauseTexts(list.filter((token) => !token.negated)).values()]
      .map((clause) =>
        clause.replace(INTENDED, (rest: string) =>
          REPORTED_IN_CONDITION.test(rest) || REPORTED_BY_OWNER.test(rest) ? rest : ' ',
        ),
      )
      .join(' ')
    // "I dropped a tablet… I picked it up, it's intact": the drop is not an exposure.
    const kept = RECOVERED.test(message.text) ? meant.replace(/\bdropped\b/g, ' ') : meant
    return HAPPENED.test(
      withoutHabits(kept.replace(SELF_APPLIED, ' ').replace(PRESCRIBED_TO_OWNER, ' '))
        .replace(RELATIVE, ' ')
        .replace(NOT_REPORTED, (clause: string, offset: number, whole: string) =>
          REPORTED_AFTER.test(clause) ||
          (AFTER_DOING.test(clause) && STATE_AFTER.test(whole.slice(0, offset))) ||
          (!imagined && REPORTED_IN_CONDITION.test(clause))
            ? clause
            : ' ',
        ),
    )
  })
  // A symptom asked about ("can she be sick also?") is not one the cat shows.
  const symptom = happening.mentions.some((m) => m.concept === 'symptom' && !m.negated)
  const questionOnly = (QUESTION.test(message.text) || message.typed.includes('?')) && !happened
  const found: SignFound[] = []
  for (const rule of URGENT_SIGNS.rules) {
    if ((rule.unless ?? []).some((atom) => holds([atom], all))) continue
    if (rule.toxin) {
      // A poison named at all is answered ("can't cats have dog flea treatment?"); whether it happened
      // is decided below, not by the negation.
      const eitherSense = (alternative: readonly string[]) =>
        alternative.map((atom) =>
          atom.startsWith('@') || atom.startsWith('~') ? atom : `~${atom.replace(/^!/, '')}`,
        )
      const hit = rule.when
        .map((alternative) => holds(eitherSense(alternative), { mentions: anyones, context }))
        .find((mention) => mention !== null)
      if (!hit) continue
      const exposed = current.some((m) => m.concept === 'exposure' && !m.negated)
      const asQuestion = rule.cautionOnly === true || !(happened || symptom || (exposed && !questionOnly))
      // The longest phrase that starts where the hit does: "tick collar", not "tick".
      const first = hit[0]
        ? anyones
            .filter((m) => m.concept === hit[0]?.concept && m.start === hit[0]?.start)
            .reduce((a, b) => (b.end > a.end ? b : a), hit[0])
        : undefined
      const named = first
        ? words
            .slice(first.start, first.end + 1)
            .map((token) => token.word)
            .join(' ')
        : undefined
      found.push({ rule, asQuestion, ...(named ? { named } : {}) })
      continue
    }
    const reading = HARD_SIGNS.has(rule.id) ? happening : inContext
    if (rule.when.some((alternative) => holds(alternative, reading) !== null))
      found.push({ rule, asQuestion: false })
  }
  return found
}
