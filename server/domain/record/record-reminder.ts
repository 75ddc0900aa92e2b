// One health-record reminder (a vaccination due, a medication dose) to the owner by the plan's channels:
// e-mail when on, push when opted in; and to the household members the owner chose to remind, by e-mail
// and, with push on, by push (docs/household.md, "Reminders"). Its key names it on every send (the e-mail's Message-ID, the push
// tag), so a reminder sent again after a failure is the same message, shown once.
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import { type Delivery, deliverOnce, emailRecipient, pushRecipient } from '../care/reminder-deliveries.ts'
import type { ReminderDeps } from '../care/reminders.ts'
import type { RemindedMember } from '../household/reminded-members.ts'

/** Where a member's copy leads: their Care page (the owner's `path` may be a page a sitter cannot open). */
const MEMBER_PATH = '/care'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export interface RecordReminder {
  userId: number
  email: string
  channels: { email: boolean; push: boolean }
  kind: 'vaccination' | 'medication'
  key: string
  subject: string
  lines: string[]
  /** Where the button leads, under PUBLIC_URL. */
  path: string
  /** The household members reminded (reminded-members.ts: each address once, never the owner's). */
  members?: ReadonlyArray<Pick<RemindedMember, 'id' | 'email'>>
}

/** What a health-record reminder needs of the check-in reminders' dependencies (no unsubscribe key). */
export type RecordReminderDeps = Pick<ReminderDeps, 'db' | 'mailer' | 'log' | 'origin' | 'push'>

/**
 * Sends the reminder by every channel due, each recipient once across retries when the household shares
 * it (care/reminder-deliveries.ts): a copy that fails is sent again, the ones that went are not. Members
 * are pointed at /care (a sitter has no report page) and pushed only when the plan's push is on.
 */
export async function sendRecordReminder(deps: RecordReminderDeps, reminder: RecordReminder) {
  const members = reminder.members ?? []
  const mailTo = (to: string, path: string) => {
    const link = `${deps.origin}${path}`
    return () =>
      deps.mailer.send({
        kind: reminder.kind,
        to,
        subject: reminder.subject,
        text: [...reminder.lines, '', `Open the care page: ${link}`, '', PRODUCT_NAME, ''].join('\n'),
        html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#222">
<h1 style="color:#6b3fa0;font-size:22px">${escapeHtml(reminder.subject)}</h1>
${reminder.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Open the care page</a></p>
<p>${PRODUCT_NAME}</p></div>`,
        messageId: `<${reminder.key}@${new URL(deps.origin).hostname}>`,
      })
  }
  const deliveries: Delivery[] = [
    ...(reminder.channels.email
      ? [{ recipient: emailRecipient(reminder.email), send: mailTo(reminder.email, reminder.path) }]
      : []),
    ...members.map((m) => ({ recipient: emailRecipient(m.email), send: mailTo(m.email, MEMBER_PATH) })),
  ]
  const push = deps.push
  if (reminder.channels.push && push) {
    const pushTo = (userId: number, path: string) => () =>
      push(userId, {
        title: reminder.subject,
        body: reminder.lines[0] ?? reminder.subject,
        url: `${deps.origin}${path}`,
        tag: reminder.key,
      })
    deliveries.push(
      { recipient: pushRecipient(reminder.userId), send: pushTo(reminder.userId, reminder.path) },
      ...members.map((m) => ({ recipient: pushRecipient(m.id), send: pushTo(m.id, MEMBER_PATH) })),
    )
  }
  await deliverOnce(deps.db, reminder.key, deliveries, members.length > 0)
}
