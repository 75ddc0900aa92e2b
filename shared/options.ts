// Option lists of docs/product.md §9 and §3. The titles are what the quiz stores and what the server accepts.

/**
 * The one breed list: the wizard, the profile editor, the interview and the assistants offer and read the
 * same titles (docs/product.md §3 has a shorter profile list and §9 the quiz's; one list keeps a cat's breed
 * the same on every screen). A stored breed in another letter case ('Maine coon') is the listed title.
 */
export const CAT_BREEDS = [
  'Domestic Shorthair',
  'Domestic Longhair',
  'Persian',
  'Maine Coon',
  'Siamese',
  'Ragdoll',
  'Bengal',
  'British Shorthair',
  'Sphynx',
  'American Shorthair',
  'Other',
] as const

export const MEDICAL_CONDITIONS = [
  'None',
  'Kidney Disease',
  'Arthritis',
  'Cancer or Tumors',
  'Dental Disease',
  'Diabetes',
  'Liver Disease',
  'Ear Infections',
  'Vision or Hearing Loss',
  'Heart Disease',
  'Other',
] as const

export const PROGRESS_OPTIONS = [
  'Healthy Coat',
  'Increased Mobility',
  'Kidney Health',
  'Chronic Illness',
  'Pain Management',
  'Tumor Monitoring',
  'Immune System',
  'Recovery',
] as const

export const BARRIER_OPTIONS = [
  'Time Constraints',
  'Lack of Knowledge',
  'Inconsistent Routine',
  "Cat's Stubborn Behavior",
  'Stressful Environment',
  'Health Issues',
  'Financial Constraints',
  'Lack of Motivation',
] as const

export const GOAL_OPTIONS = [
  'Scratching Less',
  'Lose Weight',
  'Improve Health',
  'Train Cat',
  'Better Litter Box Habits',
  'Reduce Anxiety',
  'Increase Playtime',
  'Socialization',
] as const

export const ACTIVITY_LEVELS = [
  'Very Active',
  'Active',
  'Moderately Active',
  'Mostly Inactive',
  'Very Inactive',
] as const
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number]

export const CHECK_IN_PERIODS = ['Daily', '3 Times a Week', 'Weekly'] as const
export const DEFAULT_CHECK_IN_PERIOD = '3 Times a Week'

export const TRAINING_DAYS = [
  'Any Day',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const

/** The name of a cat item's picture; the client draws it as an SVG icon (client/src/components/Icon.tsx). */
export type CatItemIcon =
  | 'litter-box'
  | 'scratching-post'
  | 'toys'
  | 'treats'
  | 'dry-food'
  | 'wet-food'
  | 'carrier'
  | 'grooming'
  | 'health'

export interface CatItem {
  id: number
  title: string
  description: string
  icon: CatItemIcon
}

export const CAT_ITEMS: readonly CatItem[] = [
  { id: 1, title: 'Litter Box', description: 'Where your cat does its business', icon: 'litter-box' },
  { id: 2, title: 'Scratching Post or Pad', description: 'Saves your sofa', icon: 'scratching-post' },
  { id: 3, title: 'Cat Toys', description: 'Wands, balls and mice', icon: 'toys' },
  { id: 4, title: 'Treats', description: 'Rewards for training', icon: 'treats' },
  { id: 5, title: 'Dry Food', description: 'Kibble', icon: 'dry-food' },
  { id: 6, title: 'Wet Food', description: 'Cans and pouches', icon: 'wet-food' },
  { id: 7, title: 'Cat Carrier', description: 'For vet visits and travel', icon: 'carrier' },
  { id: 8, title: 'Grooming Supplies', description: 'Brushes, combs, nail clippers', icon: 'grooming' },
  {
    id: 9,
    title: 'Flea Prevention or Other Health Products',
    description: 'Spot-ons, collars, supplements',
    icon: 'health',
  },
]

export const GENDERS = ['Male', 'Female'] as const

/** Short quiz (docs/product.md §2): the values stored are the band minimums and band labels. */
export const SHORT_QUIZ_AGES = [
  { title: 'Kitten', hint: 'Younger than 1 year', value: '0' },
  { title: 'Young Adult', hint: '1 to 7 years', value: '1' },
  { title: 'Mature Adult', hint: '7 to 10 years', value: '7' },
  { title: 'Senior Cat', hint: 'Older than 10 years', value: '10' },
] as const
export const SHORT_QUIZ_WEIGHTS = ['Under 5 pounds', '5-10 pounds', '10-15 pounds', 'Over 15 pounds'] as const

/** Interview fields, asked in this order (docs/product.md §4). */
export const INTERVIEW_FIELDS = ['cat_name', 'issues_faced', 'age', 'breed', 'activity_level'] as const
export type InterviewField = (typeof INTERVIEW_FIELDS)[number]
