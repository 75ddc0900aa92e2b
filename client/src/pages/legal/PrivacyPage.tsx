import { Link } from 'react-router'
import { ACTIVATION_FEE_TEXT } from '../../../../shared/rules/pricing.ts'

const UPDATED = 'November 29, 2026'

/** The privacy policy: what Kitty Care keeps, why, for how long, and the owner's rights. */
export function PrivacyPage() {
  return (
    <article className="card card--wide legal">
      <h1>Privacy Policy</h1>
      <p className="muted">Last updated: {UPDATED}</p>
      <p>
        Kitty Care is a cat-care assistant: you tell us about your cat, chat with a virtual cat specialist,
        and pay for access with a subscription. This policy explains which information we keep, why we keep
        it, who else sees it and what you can ask of us. We keep as little as the service needs.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address and your name. If you set a password we keep only
          a one-way hash of it, never the password itself. Sign-in codes are kept only as a hash and expire
          after 10 minutes.
        </li>
        <li>
          <strong>Your cat:</strong> what you enter in the quiz, the interview and the profile (name, breed,
          age, weight, health notes, goals, routines, items you own) and a photo if you upload one.
        </li>
        <li>
          <strong>Your cat's care:</strong> the check-in plan (rhythm, training days, reminder time) and your{' '}
          <strong>time zone</strong>, which your browser tells us so reminders arrive at your own hour; your{' '}
          <strong>check-ins</strong> and what you answer in them; the <strong>weights</strong> you log; the{' '}
          <strong>reminders</strong> we send (when each was sent, by e-mail or push); the{' '}
          <strong>follow-ups</strong> we ask after an urgent answer, and your replies.
        </li>
        <li>
          <strong>Push notifications:</strong> if you turn them on, the <strong>push subscription</strong>{' '}
          your browser gives us (an address at your browser's push service and its keys), until you turn them
          off.
        </li>
        <li>
          <strong>Your cat's health record:</strong> vaccinations, medications and doses, your vets' names and
          numbers, and the <strong>documents</strong> you upload (PDFs and photos).
        </li>
        <li>
          <strong>Share links:</strong> the <strong>share links</strong> you make for your vet to read the
          report (only a one-way hash of each link, when it was made and when it ends), until you revoke them.
        </li>
        <li>
          <strong>Your household:</strong> the <strong>household members</strong> you invite to care for your
          cats with you (their e-mail address and what they may do), until you remove them.
        </li>
        <li>
          <strong>Your conversations:</strong> the messages you exchange with the receptionist and the
          specialist, so the conversation can continue where you left it.
        </li>
        <li>
          <strong>Your subscription:</strong> the plan, its dates and status, the {ACTIVATION_FEE_TEXT}{' '}
          activation payment, and the identifiers our payment provider gives the customer, the payment and the
          subscription.
        </li>
        <li>
          <strong>Technical records:</strong> short server logs (time, address, request, result) to keep the
          service secure and working.
        </li>
      </ul>

      <h2>Card details</h2>
      <p>
        Card numbers are entered into the payment provider's own secure form (Stripe) and go directly to the
        provider. Kitty Care never receives, stores or logs your card number, expiry date or security code.
        The billing country, state and postal code you type are passed to the provider with the card, and we
        do not keep them.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>
          To run the service you asked for: the quiz, the interview, the specialist chat and your profile.
        </li>
        <li>To take the payment you agreed to and manage your subscription.</li>
        <li>To keep accounts safe: sign-in codes, rate limits and abuse prevention.</li>
        <li>
          To send the e-mails and notifications the service needs: sign-in codes, check-in reminders and
          follow-ups (each can be turned off). We send no marketing e-mail.
        </li>
      </ul>

      <h2>The virtual specialist</h2>
      <p>
        The receptionist and the specialist are virtual assistants, not veterinarians. When an AI language
        model provider is configured, the messages of a conversation and the facts about your cat that the
        answer needs are sent to that provider to write the reply. We do not allow it to use them for anything
        else.
      </p>

      <h2>Who else sees it</h2>
      <p>
        Only the service providers that run parts of Kitty Care for us: hosting, e-mail delivery, the payment
        provider and, where configured, the AI language model provider, each for that purpose only. We do not
        sell your information. If the site uses analytics or advertising measurement, it receives only the
        events of starting a checkout and completing a purchase with the amount, never your messages or your
        cat's details. We disclose information when the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Your account, cat profiles, conversations, care plan, check-ins, weights, health record and documents
        are kept while your account exists; share links until they end or you revoke them. Payment and
        subscription records are kept as long as tax and accounting law require. Server logs are kept for a
        short time only. When you ask us to delete your account, we delete your cat profiles, photos,
        conversations, check-ins, weights, health record, documents, share links, push subscriptions and
        household members, and keep only the payment records the law requires.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your information, have it corrected or deleted, object to its use, or take
        it elsewhere. You can cancel your subscription at any time from your profile. Contact us through the
        address in the e-mails we send you; if you are not satisfied with our answer you may complain to your
        data protection authority.
      </p>

      <h2>Children</h2>
      <p>
        Kitty Care is meant for adults who care for cats. We do not knowingly keep information about children.
      </p>

      <h2>Changes</h2>
      <p>
        When this policy changes we update the date above, and we tell you before a change that affects how we
        use information you have already given us.
      </p>
      <p>
        See also the <Link to="/terms">Terms of Use</Link>.
      </p>
    </article>
  )
}
