// A conversation opened for a safety review, read-only: only one the scoreboard flags and whose owner
// agreed; any other is the server's 404, shown as "not available".
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

export function ReviewedConversation({ id }: { id: number }) {
  const conversation = trpc.ops.conversation.useQuery({ id }, { retry: false })
  return (
    <section aria-labelledby="ops-conversation-title" className="ops__conversation">
      <h2 id="ops-conversation-title">Conversation #{id} (read-only)</h2>
      {conversation.isLoading && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {conversation.error &&
        (errorCode(conversation.error) === 'NOT_FOUND' ? (
          <p className="muted">This conversation is not available for review.</p>
        ) : (
          <ErrorBox>{errorMessage(conversation.error, 'Could not load the conversation')}</ErrorBox>
        ))}
      {conversation.data && (
        <ol className="ops__messages">
          {conversation.data.messages.map((m) => (
            <li key={m.id} className={`ops__message ops__message--${m.role}`}>
              <p className="muted">
                {m.role === 'user' ? `Owner${m.cat_name ? ` (about ${m.cat_name})` : ''}` : 'Specialist'}
                {m.urgency && m.urgency !== 'routine' ? ` · ${m.urgency}` : ''} ·{' '}
                {new Date(m.created_at).toLocaleString()}
              </p>
              <p className="ops__text">{m.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
