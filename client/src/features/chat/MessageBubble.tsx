import type { ReactNode } from 'react'
import Markdown, { defaultUrlTransform } from 'react-markdown'
import type { UiMessage } from '../../chat-message.ts'
import { MessagePhotos } from './attachments/MessagePhotos.tsx'

/** Links from a reply open in a new tab; only http(s) and mailto survive (the default transform blocks javascript:). */
function MarkdownLink(props: { href?: string | undefined; children?: ReactNode }) {
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer nofollow">
      {props.children}
    </a>
  )
}

/**
 * One chat bubble. The assistant's text is Markdown rendered safely: raw HTML is dropped (skipHtml),
 * URLs go through react-markdown's safe transform, images are not loaded. The owner's text is plain.
 */
export function MessageBubble({ message, author }: { message: UiMessage; author: string }) {
  const mine = message.role === 'user'
  const label = mine ? (message.about ? `You, about ${message.about}` : 'You') : author
  return (
    <div
      className={`bubble ${mine ? 'bubble--user' : 'bubble--assistant bubble--md'}${message.status === 'failed' ? ' bubble--failed' : ''}`}
      data-role={message.role}
      data-status={message.status ?? 'sent'}
    >
      <span className="sr-only">{label}: </span>
      {mine && message.about && (
        <span className="bubble__about" aria-hidden="true">
          About {message.about}
        </span>
      )}
      {message.attachmentIds && <MessagePhotos ids={message.attachmentIds} />}
      {mine ? (
        message.content
      ) : (
        <Markdown
          skipHtml
          urlTransform={defaultUrlTransform}
          disallowedElements={['img']}
          unwrapDisallowed
          components={{ a: MarkdownLink }}
        >
          {message.content}
        </Markdown>
      )}
      {message.status === 'stopped' && <span className="bubble__note">Stopped</span>}
      {message.status === 'failed' && <span className="bubble__note">Not sent</span>}
    </div>
  )
}
