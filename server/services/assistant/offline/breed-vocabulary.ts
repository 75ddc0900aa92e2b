// What owners type for a breed, mapped onto the quiz's breed titles (docs/product.md §9).
import type { CAT_BREEDS } from '../../../../shared/options.ts'

export type QuizBreed = (typeof CAT_BREEDS)[number]

/** Nicknames and abbreviations; typos of these and of the titles are caught by edit distance. */
export const BREED_ALIASES: Readonly<Record<string, QuizBreed>> = {
  dsh: 'Domestic Shorthair',
  'domestic short hair': 'Domestic Shorthair',
  'domestic short haired': 'Domestic Shorthair',
  'domestic shorthaired': 'Domestic Shorthair',
  shorthair: 'Domestic Shorthair',
  'short hair': 'Domestic Shorthair',
  'short haired': 'Domestic Shorthair',
  shorthaired: 'Domestic Shorthair',
  'maine coon': 'Maine Coon',
  coon: 'Maine Coon',
  'main coon': 'Maine Coon',
  mainecoon: 'Maine Coon',
  'rag doll': 'Ragdoll',
  sphinx: 'Sphynx',
  hairless: 'Sphynx',
  bsh: 'British Shorthair',
  'british blue': 'British Shorthair',
  brit: 'British Shorthair',
  'british short hair': 'British Shorthair',
  'american short hair': 'American Shorthair',
  siam: 'Siamese',
  'bengal tiger': 'Bengal',
}

/**
 * Real breeds the quiz does not list: they are stored as 'Other' rather than forced onto the
 * nearest-sounding listed breed ("Exotic Shorthair" is not a Domestic Shorthair).
 */
export const UNLISTED_BREEDS: readonly string[] = [
  'abyssinian',
  'american bobtail',
  'american curl',
  'american wirehair',
  'balinese',
  'birman',
  'bombay',
  'burmese',
  'burmilla',
  'chartreux',
  'colorpoint shorthair',
  'cornish rex',
  'devon rex',
  'donskoy',
  'egyptian mau',
  'european shorthair',
  'exotic shorthair',
  'exotic',
  'havana brown',
  'himalayan',
  'japanese bobtail',
  'khao manee',
  'korat',
  'laperm',
  'lykoi',
  'manx',
  'munchkin',
  'nebelung',
  'norwegian forest',
  'ocicat',
  'oriental shorthair',
  'oriental',
  'persian himalayan',
  'peterbald',
  'pixie bob',
  'ragamuffin',
  'russian blue',
  'savannah',
  'scottish fold',
  'scottish straight',
  'selkirk rex',
  'siberian',
  'singapura',
  'snowshoe',
  'somali',
  'tonkinese',
  'toyger',
  'turkish angora',
  'turkish van',
]

/** Coat colours, patterns and origins: a real answer that names no breed, so 'Other'. */
export const NON_BREED_DESCRIPTIONS: ReadonlySet<string> = new Set(
  `mix mixed mixture mutt moggy moggie moggies crossbreed cross crossed hybrid tabby calico tortie
  tortoiseshell tuxedo ginger orange black white grey gray silver brown cream tan blue red
  bicolor bicolour tricolor tricolour pointed spotted striped stripy fluffy longhair longhaired
  long haired hair fur furry rescue rescued stray shelter alley street farm barn feral domestic dlh
  house regular normal ordinary common standard random nonpedigree unknown other none`.split(/\s+/),
)

/** Words around a breed that are not part of it ("she's a bengal cat I think"). */
export const BREED_FILLER: ReadonlySet<string> = new Set(
  `a an the she he it its it's is was she's he's i i'm think guess probably maybe possibly kind
  sort of type breed cat cats kitty kitten kittens mostly part half pure purebred pedigree full
  bred looks look like my our her his and with some bit just believe we were told vet said says
  says apparently definitely`.split(/\s+/),
)
