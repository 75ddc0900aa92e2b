// Step 2 of the payment modal without a Stripe publishable key: a card form for the demo provider, which
// moves no money. Checked with the shared schema (shared/schemas/billing.ts), whose card-number rule is
// the server's; one message at a time, in the order of the fields (docs/product.md §5).
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect, useId } from 'react'
import { type Control, type FieldErrors, useForm } from 'react-hook-form'
import {
  DEMO_CARD_FIELDS,
  type DemoCardForm,
  demoCardFormSchema,
} from '../../../../shared/schemas/billing.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { FormattedField } from '../../components/FormattedField.tsx'
import { TextField } from '../../components/TextField.tsx'
import type { CardSource } from './checkout-flow.ts'
import { formatCardNumber, formatCvc, formatExpiry } from './validation.ts'

export interface DemoCardStepProps {
  /** The name from step 1, the first guess for the name on the card. */
  fullName: string
  /** A failure of the payment itself (a declined card, no answer). */
  error: string | null
  processing: boolean
  summary: ReactNode
  actions: ReactNode
  onPay(card: () => Promise<CardSource>): Promise<boolean>
}

function firstProblem(errors: FieldErrors<DemoCardForm>): string | null {
  for (const field of DEMO_CARD_FIELDS) {
    const message = errors[field]?.message
    if (message) return message
  }
  return null
}

const resolver = zodResolver(demoCardFormSchema())

/** The card's typed fields: digits, reshaped as they are typed. */
const CARD_INPUTS = {
  number: {
    format: formatCardNumber,
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
  },
  expiry: { format: formatExpiry, label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  cvc: { format: formatCvc, label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 },
} as const

function CardInput({
  control,
  id,
  name,
}: {
  control: Control<DemoCardForm>
  id: string
  name: keyof typeof CARD_INPUTS
}) {
  return (
    <FormattedField
      control={control}
      name={name}
      id={`${id}-${name}`}
      inputMode="numeric"
      {...CARD_INPUTS[name]}
    />
  )
}

export function DemoCardStep({ fullName, error, processing, summary, actions, onPay }: DemoCardStepProps) {
  const id = useId()
  const { register, control, handleSubmit, setFocus, formState } = useForm<DemoCardForm>({
    resolver,
    // The message stays until the next Pay, as the payment's own errors do.
    reValidateMode: 'onSubmit',
    defaultValues: { nameOnCard: fullName, number: '', expiry: '', cvc: '' },
  })
  const problem = firstProblem(formState.errors) ?? error

  useEffect(() => {
    setFocus('nameOnCard')
  }, [setFocus])

  const submit = handleSubmit(async ({ number }) => {
    if (processing) return
    await onPay(async () => ({ kind: 'demo', cardNumber: number }))
  })

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h3 className="payment-step__title">Payment Details</h3>
      <div className="notice payment-demo" role="note">
        <strong>Demo payments: no money moves.</strong> Use the test card 4242 4242 4242 4242 with any future
        date and any CVC. 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds and 4000
        0000 0000 0069 is expired.
      </div>
      <TextField
        id={`${id}-holder`}
        label="Full name on card"
        autoComplete="cc-name"
        maxLength={200}
        {...register('nameOnCard')}
      />
      <CardInput control={control} id={id} name="number" />
      <div className="payment-grid">
        <CardInput control={control} id={id} name="expiry" />
        <CardInput control={control} id={id} name="cvc" />
      </div>
      {summary}
      {/* The message stays with Pay in the sticky footer: on a phone the form scrolls under it. */}
      <div className="payment-sticky">
        {problem && <ErrorBox id={`${id}-error`}>{problem}</ErrorBox>}
        {actions}
      </div>
    </form>
  )
}
