import type { ReactNode } from 'react'
import { OTP_LENGTH } from '../../../../shared/constants.ts'
import { readText } from '../../storage.ts'

/**
 * An account control that needs a fresh code mailed to the account's own address (the password, the
 * export, the deletion): it says where the code goes, offers to send it, and once it is sent shows
 * `children` (the code field and the control's own buttons).
 */
export function MailedCodeStep(props: {
  /** What the code is for, as the start of the sentence: 'To set or change your password'. */
  purpose: string
  sendLabel: string
  sent: boolean
  busy: boolean
  onSend(): void
  children: ReactNode
}) {
  const email = readText('email')
  return (
    <>
      <p className="muted">
        {props.purpose}, we e-mail a {OTP_LENGTH}-digit code to {email || 'your address'}.
      </p>
      {!props.sent ? (
        <button type="button" className="btn btn--secondary" disabled={props.busy} onClick={props.onSend}>
          {props.busy ? 'Sending…' : props.sendLabel}
        </button>
      ) : (
        props.children
      )}
    </>
  )
}
