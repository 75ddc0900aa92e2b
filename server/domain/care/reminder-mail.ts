// The check-in reminder e-mail: the cat in the subject, the day's plan, a button to the check-in, both
// parts, and RFC 8058's one-click unsubscribe headers. Every link starts with PUBLIC_URL.
import { EXPERT_NAME, PRODUCT_NAME } from '../../../shared/constants.ts'
import type { OutgoingMail } from '../../services/mail.ts'
import type { DayPlan } from './day-plan.ts'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** Where the e-mail's button leads: the chat, opened on this check-in. */
export function checkInLink(origin: string, checkInId: number): string {
  return `${origin}/cat-assistant?check_in=${checkInId}`
}

/**
 * What names one check-in's reminder on every channel, the same on every send of it: the e-mail's
 * Message-ID and the push notification's tag. SMTP cannot make the mail server's acceptance and our sent
 * mark one step, so a sender killed between them (or a retry after a failed push) sends it again; it is
 * then the same message, which mailboxes keep once and the notification replaces. The due time is in it
 * because a database restored from a backup reuses ids, and a mailbox drops a Message-ID it already holds.
 */
export function checkInReminderKey(checkIn: { id: number; dueAt: Date }): string {
  return `check-in-${checkIn.id}-${Math.floor(checkIn.dueAt.getTime() / 1000)}`
}

export function unsubscribeLink(origin: string, token: string): string {
  return `${origin}/api/care/unsubscribe/${encodeURIComponent(token)}`
}

export function checkInReminderMail(input: {
  to: string
  ownerName: string
  plan: DayPlan
  origin: string
  checkInId: number
  dueAt: Date
  /** The owner's one-click link; a household member's copy has none (docs/decisions.md). */
  unsubscribeToken?: string
}): OutgoingMail {
  const { plan } = input
  const link = checkInLink(input.origin, input.checkInId)
  const unsubscribe =
    input.unsubscribeToken === undefined ? null : unsubscribeLink(input.origin, input.unsubscribeToken)
  const hello = input.ownerName ? `Hi ${input.ownerName},` : 'Hi,'
  const subject = `${plan.catName}'s check-in with ${EXPERT_NAME}`
  const text = [
    hello,
    '',
    `It is time for ${plan.catName}'s check-in. Today's plan:`,
    ...plan.lines.map((line) => `- ${line}`),
    '',
    `Open the check-in: ${link}`,
    `Your plan and check-ins, on the Care page: ${input.origin}/care`,
    '',
    `${EXPERT_NAME}, ${PRODUCT_NAME}`,
    '',
    ...(unsubscribe ? [`To pause these reminders: ${unsubscribe}`, ''] : []),
  ].join('\n')
  const html = `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#222">
<h1 style="color:#6b3fa0;font-size:22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(hello)}</p>
<p>It is time for ${escapeHtml(plan.catName)}'s check-in. Today's plan:</p>
<ul>${plan.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#6b3fa0;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Open the check-in</a></p>
<p><a href="${escapeHtml(`${input.origin}/care`)}">Your plan and check-ins, on the Care page</a></p>
<p>${EXPERT_NAME}, ${PRODUCT_NAME}</p>
${unsubscribe ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe)}" style="color:#666">Pause these reminders</a></p>\n` : ''}</div>`
  return {
    kind: 'check-in',
    to: input.to,
    subject,
    text,
    html,
    messageId: `<${checkInReminderKey({ id: input.checkInId, dueAt: input.dueAt })}@${new URL(input.origin).hostname}>`,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe}>`,
            // RFC 8058 §3.1: One-Click only with an https link (a local http run keeps the plain link).
            ...(unsubscribe.startsWith('https://')
              ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
              : {}),
          },
        }
      : {}),
  }
}
