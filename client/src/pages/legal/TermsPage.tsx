import { Link } from 'react-router'
import { PRICES, TRIAL_DAYS } from '../../../../shared/constants.ts'
import { ACTIVATION_FEE_TEXT, formatUsd } from '../../../../shared/rules/pricing.ts'

const UPDATED = 'November 22, 2026'

/** The terms of use: what the service is, how the trial and the subscription are charged and cancelled. */
export function TermsPage() {
  return (
    <article className="card card--wide legal">
      <h1>Terms of Use</h1>
      <p className="muted">Last updated: {UPDATED}</p>
      <p>
        These terms apply when you use Kitty Care, a web service where cat owners describe their cat and chat
        with a virtual cat specialist. By creating an account or paying for access you agree to them.
      </p>

      <h2>1. The service</h2>
      <p>
        Kitty Care gives general information and suggestions about cat care: food, treats, play, routines and
        behaviour. The receptionist and the specialist are virtual assistants, not veterinarians, and their
        answers are not a diagnosis or a treatment. If your cat is ill, injured, in pain or behaving
        unusually, contact a veterinarian; in an emergency go to an emergency veterinary clinic at once.
      </p>

      <h2>2. Your account</h2>
      <p>
        You need an e-mail address you can receive mail at. Keep your sign-in codes and password to yourself;
        you are responsible for what is done with your account. You must be an adult able to enter a contract
        to buy a subscription.
      </p>

      <h2>3. Trial, activation fee and subscription</h2>
      <ul>
        <li>
          Access starts with a one-time activation fee of {ACTIVATION_FEE_TEXT}, charged when you subscribe.
          It gives full access to the virtual specialist, at any hour, during the trial: {TRIAL_DAYS.Monthly}{' '}
          days on the monthly plan, {TRIAL_DAYS.Yearly} days on the yearly plan.
        </li>
        <li>
          There is one trial per owner (and, when you pay by card, per card). After a trial, a new
          subscription starts at the plan's price, with no activation fee.
        </li>
        <li>
          When the trial ends the subscription continues automatically at {formatUsd(PRICES.monthly)} a month
          (monthly plan) or {formatUsd(PRICES.yearly)} a year (yearly plan), charged to the card you gave at
          the start of each period, until you cancel.
        </li>
        <li>Prices are in US dollars. Taxes may be added where the law requires.</li>
        <li>If a renewal payment fails, access may pause until the payment succeeds or you cancel.</li>
      </ul>

      <h2>4. Cancelling</h2>
      <p>
        You can cancel at any time from your profile (Cancel Subscription). Cancelling stops every future
        charge at once, and your access to the specialist ends when you cancel. To avoid the first
        subscription charge, cancel before the trial ends. The activation fee and periods already begun are
        not refunded, except where the law gives you a right to a refund.
      </p>

      <h2>5. Fair use</h2>
      <p>
        Use Kitty Care for your own cats. Do not try to break or overload the service, reach other owners'
        information, or use it to send unlawful or abusive content. We may suspend an account that does.
      </p>

      <h2>6. Your content</h2>
      <p>
        What you write and upload stays yours. You allow us to store and process it to provide the service, as
        the <Link to="/privacy">Privacy Policy</Link> describes.
      </p>

      <h2>7. Availability and liability</h2>
      <p>
        We work to keep Kitty Care available and its suggestions sensible, but we cannot promise that the
        service is uninterrupted or that every answer is right for your cat. As far as the law allows, we are
        not liable for indirect losses, and our total liability is limited to what you paid us in the last 12
        months. Nothing in these terms limits rights that consumer law gives you.
      </p>

      <h2>8. Changes</h2>
      <p>
        We may change these terms or the prices. We tell you in advance by e-mail or in the app; a price
        change applies from your next billing period, and you can cancel before it does.
      </p>
    </article>
  )
}
