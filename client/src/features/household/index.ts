// The household feature's public face: choosing the current cat, inviting and removing members, the
// activity log and a sitter's emergency card. Other features import household only from here.
import './household.css'

export { ActivityList } from './ActivityList.tsx'
export { CatSwitcher } from './CatSwitcher.tsx'
export { EmergencyCard } from './EmergencyCard.tsx'
export { InviteForm } from './InviteForm.tsx'
export { MembersList } from './MembersList.tsx'
