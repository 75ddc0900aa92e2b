// "Download my data" and "Delete account": both need a fresh code mailed to the account's
// address, as setting a password does. A failure shows its message; only a real 401 (handled by the
// tRPC link for every call) ends the session.
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { MailedCodeField } from '../../components/MailedCodeField.tsx'
import { trpc } from '../../trpc.ts'
import { askForCode } from './ask-for-code.ts'
import { fileAsDataUrl, saveJson, withPhotos } from './export-file.ts'
import { MailedCodeStep } from './MailedCodeStep.tsx'
import { useAccountTask } from './useAccountTask.ts'

export function DataSection() {
  const [confirming, setConfirming] = useState(false)
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const { busy, error, run } = useAccountTask()
  const utils = trpc.useUtils()
  const sendCode = trpc.account.sendVerificationCode.useMutation()
  const exportData = trpc.account.exportData.useMutation()
  const deleteAccount = trpc.account.deleteAccount.useMutation()

  function send() {
    return run(async () => {
      await askForCode(() => sendCode.mutateAsync())
      setSent(true)
    }, 'Failed to send verification code')
  }

  function download() {
    return run(async () => {
      // The server writes the document as it reads it: its JSON text arrives in pieces.
      let text = ''
      for await (const piece of await exportData.mutateAsync({ code })) text += piece
      const data = JSON.parse(text)
      // The code is spent: the next download or deletion asks for a new one.
      setSent(false)
      setCode('')
      const full = await withPhotos(data, async (id) => {
        // Read afresh and kept in no cache once saved.
        const photo = await utils.cat.photo.fetch({ id }, { staleTime: 0, gcTime: 0 })
        return photo.url ? fileAsDataUrl(photo.url) : null
      })
      saveJson(full)
    }, 'Downloading your data failed')
  }

  function erase() {
    return run(() => deleteAccount.mutateAsync({ code }), 'Deleting the account failed', 'sign-out')
  }

  return (
    <section className="stack" aria-labelledby="data-title">
      <h3 id="data-title">Your data</h3>
      <MailedCodeStep
        purpose="To download or delete your data"
        sendLabel="Send a code to download or delete"
        sent={sent}
        busy={busy}
        onSend={() => void send()}
      >
        <MailedCodeField
          id="data-code"
          label="Verification code for your data"
          value={code}
          onChange={setCode}
        />
        <div className="row">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={() => void download()}
          >
            Download my data
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete account
          </button>
        </div>
      </MailedCodeStep>
      {error && <ErrorBox>{error}</ErrorBox>}
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          busy={busy}
          confirmLabel="Yes, delete everything"
          busyLabel="Deleting…"
          cancelLabel="Keep my account"
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
        >
          This erases your account, your cats and their photos, your conversations with the specialist, your
          interviews, your subscriptions and payment records, and signs you out everywhere. Any active
          subscription is cancelled first. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  )
}
