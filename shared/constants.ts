// Business constants of docs/product.md §9. Anything a screen or a rule counts with lives here.

export const PRODUCT_NAME = 'Kitty Care'

/** Fictional personas (docs/product.md §1 leaves their names open; see docs/decisions.md). */
export const RECEPTIONIST_NAME = 'Mia'
export const EXPERT_NAME = 'Dr. Olivia'
/** What the assistants are, shown on every chat screen (always in view, in its header). */
export const AI_DISCLOSURE_SPECIALIST = `${EXPERT_NAME} is an AI assistant, not a veterinarian. For an emergency or a diagnosis, see a vet.`
export const AI_DISCLOSURE_RECEPTION = `${RECEPTIONIST_NAME} and ${EXPERT_NAME} are AI assistants, not veterinarians.`

export const PRICES = { monthly: 49.99, yearly: 299.99, daily: 0.82 } as const
export const ACTIVATION_FEE_CENTS = 199
export const ACTIVATION_CURRENCY = 'usd'
export const TRIAL_DAYS = { Monthly: 3, Yearly: 7 } as const
export type BillingPeriod = keyof typeof TRIAL_DAYS
export const TRIAL_PLAN_NAME = 'Free Trial'

export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_MAX_ATTEMPTS = 5
export const OTP_RESEND_SECONDS = 30

export const PASSWORD_MIN_LENGTH = 8
export const DEFAULT_SESSION_TTL = '1h'

/**
 * docs/product.md §9 "Interview": 2 attempts, waits 1 s (retry) and 5 s (hold), a 4.75 s gap between chunks.
 */
export const INTERVIEW = { maxAttempts: 2, retryWaitMs: 1000, holdWaitMs: 5000, chunkGapMs: 4750 } as const
/** docs/product.md §9: a reply of more than 3 sentences is split into chunks of two. */
export const CHUNKING = { splitOverSentences: 3, sentencesPerChunk: 2 } as const
export const PREP_DELAY_MS = 7000
export const CHAT_B_OPENING_WAIT_MS = 1000

export const WIZARD_FIRST_STEP = 1
export const WIZARD_LAST_STEP = 15
/** Step 13 'Creating Your Personal Plan' moves on after this (4 s, was 15 s in docs/product.md §9). */
export const WIZARD_AUTO_ADVANCE_MS = 4000
export const WAIT_COUNTDOWN_SECONDS = 600
export const MOBILE_MAX_WIDTH = 768
export const MAX_MULTI_SELECT = 10

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
/**
 * How long a stored photo's or document's signed address opens it (docs/api.md "Photos and documents");
 * the client asks for a fresh address at half of it, so one it shows has always minutes left.
 */
export const SIGNED_URL_TTL_SECONDS = 10 * 60
export const SIGNED_URL_FRESH_MS = (SIGNED_URL_TTL_SECONDS * 1000) / 2
/** The photo types kept (the server reads the real type from the bytes; the profile picks only these). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
/** Photos in the chat: at most this many bytes received, of these types (read from the bytes). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** Stored photos are downscaled to at most this many pixels on the long side (what vision models use). */
export const ATTACHMENT_MAX_SIDE = 1568
/** Photos one chat message may carry. */
export const ATTACHMENTS_PER_MESSAGE = 4
/** A chat photo no message has carried is deleted this long after its upload (the owner never sent it). */
export const ATTACHMENT_UNSENT_KEEP_MS = 24 * 60 * 60 * 1000
/** Images declaring more pixels than this are refused from their header, never decoded (50 MP). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000
export const CAT_MIN_AGE = 1
/**
 * A cat's age in years, everywhere: the picker's options (docs/product.md §9: 1 to 24),
 * the schema, both assistants.
 */
export const MAX_CAT_AGE = 24
export const FALLBACK_CAT_NAME = 'your cat'

/** How many recent messages the specialist sees (eight exchanges): a bounded window keeps long chats cheap. */
export const CHAT_HISTORY_WINDOW = 16
export const CHAT_MESSAGE_MAX_CHARS = 4000
/**
 * The most messages one request may carry (PUT of a whole list, the REST chat). zod checks an array's
 * length before it parses a single element, so a longer list costs nothing but its JSON parse.
 */
export const CHAT_LIST_MAX_MESSAGES = 5000
/** GET /api/supabase/conversations returns each conversation's newest this many messages (and the total). */
export const CONVERSATION_LIST_MESSAGES = 100
/** A list is reconciled and appended this many messages at a time, so memory per request stays bounded. */
export const CHAT_APPEND_BATCH = 500
