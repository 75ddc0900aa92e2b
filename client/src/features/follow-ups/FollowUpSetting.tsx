// On the Care page: whether Dr. Olivia asks what happened after an urgent answer about this cat. The
// owner's choice per cat (docs/follow-ups.md, "Privacy"); turning it off drops follow-ups not yet sent.
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

export function FollowUpSetting({ catId, catName }: { catId: number; catName: string }) {
  const utils = trpc.useUtils()
  const setting = trpc.followUp.settings.useQuery({ cat_id: catId })
  const update = trpc.followUp.updateSettings.useMutation({
    onSuccess: (data) => utils.followUp.settings.setData({ cat_id: catId }, data),
  })
  const on = update.isPending
    ? (update.variables?.follow_ups_on ?? false)
    : (setting.data?.follow_ups_on ?? false)
  return (
    <section className="care-plan" aria-labelledby="follow-up-setting-title">
      <h2 id="follow-up-setting-title">After an urgent answer</h2>
      {setting.isLoading ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : setting.error ? (
        <ErrorBox action={{ label: 'Retry', onClick: () => void setting.refetch() }}>
          {errorMessage(setting.error, 'Could not load this setting')}
        </ErrorBox>
      ) : (
        <label className="care-plan__check">
          <input
            type="checkbox"
            checked={on}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ cat_id: catId, follow_ups_on: e.target.checked })}
          />{' '}
          Ask me whether {catName} saw a vet after an urgent answer (in the chat and by your reminder
          channels)
        </label>
      )}
      {update.error && <ErrorBox>{errorMessage(update.error, 'Could not save this setting')}</ErrorBox>}
    </section>
  )
}
