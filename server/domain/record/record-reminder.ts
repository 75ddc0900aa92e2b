// One health-record reminder (a vaccination due, a medication dose) to the owner by the plan's channels:
// e-mail when on, push when opted in. Its key names it on every send (the e-mail's Message-ID, the push
// tag), so a reminder sent again after a failure is the same message, shown once.
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import type { ReminderDeps } from '../care/reminders.ts'

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
}

/** What a health-record reminder needs of the check-in reminders' dependencies (no unsubscribe key). */
export type RecordReminderDeps = Pick<ReminderDeps, 'db' | 'mailer' | 'log' | 'origin' | 'push'>

export async function sendRecordReminder(deps: Omit<RecordReminderDeps, 'db'>, reminder: RecordReminder) {
  const link = `${deps.origin}${reminder.path}`
  if (reminder.channels.email) {
    await deps.mailer.send({
      kind: reminder.kind,
      to: reminder.email,
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
  if (reminder.channels.push && deps.push) {
    await deps.push(reminder.userId, {
      title: reminder.subject,
      body: reminder.lines[0] ?? reminder.subject,
      url: link,
      tag: reminder.key,
    })
  }
}
