import {
  Box,
  BriefcaseMedical,
  Cat,
  ChartColumn,
  ChartLine,
  ChevronLeft,
  ChevronRight,
  Cylinder,
  Drumstick,
  Fish,
  Footprints,
  HeartPulse,
  ImagePlus,
  LogOut,
  type LucideIcon,
  Luggage,
  Mars,
  Menu,
  MessageCircle,
  Moon,
  PawPrint,
  Pill,
  Rat,
  Scissors,
  Sofa,
  Soup,
  UserRound,
  UsersRound,
  Venus,
  X,
  Zap,
} from 'lucide-react'
import type { CatItemIcon } from '../../../shared/options.ts'

/**
 * The product's pictures: SVG icons from lucide (each imported by name, so the bundle holds only these),
 * drawn in the text colour. Emoji were used before and showed as empty boxes wherever no emoji font is
 * installed. Options name their icon (shared/options.ts); this is the one place names meet drawings.
 */
const ICONS = {
  // Cat items (docs/product.md §5 step 13)
  'litter-box': Box,
  'scratching-post': Cylinder,
  toys: Rat,
  treats: Fish,
  'dry-food': Soup,
  'wet-food': Drumstick,
  carrier: Luggage,
  grooming: Scissors,
  health: Pill,
  // Gender
  female: Venus,
  male: Mars,
  // Activity levels
  'very-active': Zap,
  active: PawPrint,
  'moderately-active': Footprints,
  'mostly-inactive': Sofa,
  'very-inactive': Moon,
  // The product itself and its navigation
  cat: Cat,
  paw: PawPrint,
  chat: MessageCircle,
  report: ChartColumn,
  care: HeartPulse,
  progress: ChartLine,
  logout: LogOut,
  profile: UserRound,
  household: UsersRound,
  firstAid: BriefcaseMedical,
  menu: Menu,
  close: X,
  photo: ImagePlus,
  collapse: ChevronLeft,
  expand: ChevronRight,
} satisfies Record<CatItemIcon, LucideIcon> & Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

/** A decorative icon (hidden from screen readers: the text beside it says what it means). */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  const Drawing = ICONS[name]
  return <Drawing size={size} className={className} aria-hidden="true" focusable="false" strokeWidth={1.75} />
}
