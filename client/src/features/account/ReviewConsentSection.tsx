// On the account page: whether the Kitty Care team may read the owner's conversations that the safety
// scoreboard flags (a routine answer after which the cat needed a vet), to learn where the triage missed.
// Off until the owner agrees (docs/follow-ups.md); withdrawing it closes the conversations at once.
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

export function ReviewConsentSection() {
  const utils = trpc.useUtils()
  const consent = trpc.account.reviewConsent.useQuery()
  const update = trpc.account.setReviewConsent.useMutation({
    onSuccess: (data) => utils.account.reviewConsent.setData(undefined, data),
  })
  const agreed = update.isPending
    ? (update.variables?.review_consent ?? false)
    : (consent.data?.review_consent ?? false)
  return (
    <section className="stack" aria-labelledby="review-consent-title">
      <h3 id="review-consent-title">Safety reviews</h3>
      {consent.isLoading ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : consent.error ? (
        <ErrorBox action={{ label: 'Retry', onClick: () => void consent.refetch() }}>
          {errorMessage(consent.error, 'Could not load this setting')}
        </ErrorBox>
      ) : (
        <label className="care-plan__check">
          <input
            type="checkbox"
            checked={agreed}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ review_consent: e.target.checked })}
          />{' '}
          Let the Kitty Care team read a conversation of mine when my cat needed a vet soon after a routine
          answer, to improve the specialist's advice
        </label>
      )}
      {update.error && <ErrorBox>{errorMessage(update.error, 'Could not save this setting')}</ErrorBox>}
    </section>
  )
}
