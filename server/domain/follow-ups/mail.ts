// The follow-up e-mail: "Did Milo see a vet?", with one link per answer. The links open the chat signed in
// (never a GET that changes anything: mail scanners follow links), where the answer is sent in one click.
// It names the cat's saved vets with their phones (docs/health-record.md, "Vets in the banner"), so an
// owner who has not gone yet has the number at hand.
import { EXPERT_NAME, PRODUCT_NAME } from '../../../shared/constants.ts'
import { telHref } from '../../../shared/rules/phone.ts'
import type { SeenVet } from '../../../shared/schemas/follow-ups.ts'
import type { Vet } from '../../../shared/schemas/vets.ts'
import type { OutgoingMail } from '../../services/mail.ts'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export const ANSWER_LABELS: Record<SeenVet, string> = {
  yes: 'Yes, we saw a vet',
  not_yet: 'Not yet',
  not_needed: 'It was not needed',
}

export function followUpQuestion(catName: string): string {
  return `Did ${catName} see a vet? What did they say?`
}

export function followUpAnswerLink(origin: string, followUpId: number, answer: SeenVet): string {
  return `${origin}/cat-assistant?follow_up=${followUpId}&seen_vet=${answer}`
}

/** Names this follow-up on every channel: the e-mail's Message-ID and the notification's tag. */
export function followUpKey(followUp: { id: number; dueAt: Date }): string {
  return `follow-up-${followUp.id}-${Math.floor(followUp.dueAt.getTime() / 1000)}`
}

export function followUpMail(input: {
  to: string
  ownerName: string
  catName: string
  origin: string
  followUp: { id: number; dueAt: Date }
  /** The cat's saved vets; none saved: the mail names none. */
  vets?: { usual: Vet | null; emergency: Vet | null } | undefined
}): OutgoingMail {
  const question = followUpQuestion(input.catName)
  const vets = [
    input.vets?.usual ? { role: 'Your usual vet', vet: input.vets.usual } : null,
    input.vets?.emergency ? { role: 'Your 24-hour emergency clinic', vet: input.vets.emergency } : null,
  ].filter((entry) => entry !== null)
  const vetLine = ({ role, vet }: { role: string; vet: Vet }) =>
    `${role}: ${vet.name}, ${vet.phone}${vet.address ? `, ${vet.address}` : ''}`
  const hello = input.ownerName ? `Hi ${input.ownerName},` : 'Hi,'
  const answers = (Object.keys(ANSWER_LABELS) as SeenVet[]).map((answer) => ({
    label: ANSWER_LABELS[answer],
    link: followUpAnswerLink(input.origin, input.followUp.id, answer),
  }))
  const text = [
    hello,
    '',
    `Earlier I asked you to take ${input.catName} to a vet. ${question}`,
    '',
    ...answers.map((a) => `${a.label}: ${a.link}`),
    '',
    ...(vets.length > 0 ? [...vets.map(vetLine), ''] : []),
    `${EXPERT_NAME}, ${PRODUCT_NAME}`,
    '',
  ].join('\n')
  const html = `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#222">
<p>${escapeHtml(hello)}</p>
<p>Earlier I asked you to take ${escapeHtml(input.catName)} to a vet. <strong>${escapeHtml(question)}</strong></p>
<p>${answers
    .map(
      (a) =>
        `<a href="${escapeHtml(a.link)}" style="display:inline-block;margin:4px;background:#6b3fa0;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(a.label)}</a>`,
    )
    .join('')}</p>
${vets
  .map(
    ({ role, vet }) =>
      `<p>${escapeHtml(role)}: ${escapeHtml(vet.name)}, <a href="${escapeHtml(telHref(vet.phone))}">${escapeHtml(vet.phone)}</a>${vet.address ? `, ${escapeHtml(vet.address)}` : ''}</p>`,
  )
  .join('\n')}
<p>${EXPERT_NAME}, ${PRODUCT_NAME}</p>
</div>`
  return {
    kind: 'follow-up',
    to: input.to,
    subject: `${question.split('?')[0]}?`,
    text,
    html,
    messageId: `<${followUpKey(input.followUp)}@${new URL(input.origin).hostname}>`,
  }
}
