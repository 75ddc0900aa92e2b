// The invitation e-mail: who invites, as what, and the link (single use, 7 days; docs/household.md).
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import type { HouseholdRoleName } from '../../../shared/schemas/household.ts'
import type { OutgoingMail } from '../../services/mail.ts'

/** The client page that accepts an invitation (the token travels in the query, never to a GET that acts). */
export const ACCEPT_PATH = '/household/accept'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export function inviteLink(origin: string, token: string): string {
  return `${origin}${ACCEPT_PATH}?token=${token}`
}

export function inviteMail(input: {
  to: string
  inviter: string
  role: HouseholdRoleName
  catNames: string[]
  link: string
  accessEndsAt: Date | null
}): OutgoingMail {
  const cats = input.catNames.length ? input.catNames.join(', ') : 'their cats'
  const what =
    input.role === 'sitter'
      ? `look after ${cats} as a sitter until ${input.accessEndsAt?.toUTCString() ?? 'the end date'}`
      : `share the care of ${cats} as family`
  const text = [
    'Hi,',
    '',
    `${input.inviter} invites you to ${what} on ${PRODUCT_NAME}.`,
    `Accept here (sign in with this address, ${input.to}): ${input.link}`,
    '',
    'The link works once and for 7 days. If you did not expect this, ignore it.',
    '',
  ].join('\n')
  const html = `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#222">
<p>Hi,</p>
<p>${escapeHtml(input.inviter)} invites you to ${escapeHtml(what)} on ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invitation</a> (sign in with this address, ${escapeHtml(input.to)}).</p>
<p>The link works once and for 7 days. If you did not expect this, ignore it.</p>
</div>`
  return {
    to: input.to,
    subject: `${input.inviter} shares their cat's care with you`,
    text,
    html,
    kind: 'household-invite',
  }
}
