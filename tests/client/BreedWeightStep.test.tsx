// Wizard step 3 (client/src/pages/onboarding/steps/BreedWeightStep.tsx) in jsdom: its start-up (the
// unit defaults to Lbs, a short-quiz weight band becomes its weight, both stored under the
// docs/product.md §3 keys) and the shared step schema's docs/product.md §5 messages through
// react-hook-form, tied to their fields.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BreedWeightStep } from '../../client/src/pages/onboarding/steps/BreedWeightStep.tsx'
import { WizardContext, type WizardNav } from '../../client/src/pages/onboarding/wizard-context.ts'
import { CAT_MESSAGES } from '../../shared/schemas/cat.ts'

// jsdom has no scrolling; QuizStep scrolls a new step into view.
window.scrollTo = () => {}

const nav: WizardNav = {
  step: 3,
  next: () => {},
  back: () => {},
  goTo: () => {},
  authAlert: false,
  openPayment: () => {},
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/onboarding?step=3']}>
      <WizardContext.Provider value={nav}>{children}</WizardContext.Provider>
    </MemoryRouter>
  )
}

const nextButton = () => screen.getByRole('button', { name: 'Next' })

beforeEach(() => localStorage.clear())
afterEach(cleanup)

describe('wizard step 3: Breed and Weight', () => {
  it("starts from the short quiz's answers: the band as its weight, the unit Lbs, both stored", async () => {
    localStorage.setItem('breed', 'maine coon')
    localStorage.setItem('weight', '5-10 pounds')
    render(<BreedWeightStep />, { wrapper: Providers })
    expect(localStorage.getItem('unit')).toBe('Lbs')
    expect(localStorage.getItem('weight')).toBe('7.5')
    expect((screen.getByLabelText('Breed') as HTMLSelectElement).value).toBe('Maine Coon')
    expect((screen.getByLabelText('Weight') as HTMLInputElement).value).toBe('7.5')
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('Lbs')
    await screen.findByText('That is about 3.4 kg.')
    expect(screen.queryByText(CAT_MESSAGES.weight)).toBeNull()
    expect(nextButton().hasAttribute('disabled')).toBe(false)
  })

  it("shows the shared schema's messages once the owner has started, and stores every answer", async () => {
    render(<BreedWeightStep />, { wrapper: Providers })
    expect(nextButton().hasAttribute('disabled')).toBe(true)
    // Nothing is shown before the owner has done anything.
    expect(screen.queryByText(CAT_MESSAGES.breed)).toBeNull()

    const weight = screen.getByLabelText('Weight') as HTMLInputElement
    await act(async () => {
      fireEvent.change(weight, { target: { value: ' 8.555 ' } })
    })
    expect(weight.value).toBe('8.555')
    expect(localStorage.getItem('weight')).toBe('8.555')
    const weightError = await screen.findByText(CAT_MESSAGES.weight)
    expect(weight.getAttribute('aria-invalid')).toBe('true')
    expect(weight.getAttribute('aria-describedby')).toContain(weightError.id)
    const breedError = screen.getByText(CAT_MESSAGES.breed)
    expect(screen.getByLabelText('Breed').getAttribute('aria-describedby')).toBe(breedError.id)

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Unit'), { target: { value: '' } })
    })
    await screen.findByText(CAT_MESSAGES.unit)
    expect(nextButton().hasAttribute('disabled')).toBe(true)

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Breed'), { target: { value: 'Maine Coon' } })
      fireEvent.change(weight, { target: { value: '4' } })
      fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'Kg' } })
    })
    await screen.findByText('That is about 8.8 lb.')
    expect(screen.queryByText(CAT_MESSAGES.breed)).toBeNull()
    expect(screen.queryByText(CAT_MESSAGES.weight)).toBeNull()
    expect(screen.queryByText(CAT_MESSAGES.unit)).toBeNull()
    expect(nextButton().hasAttribute('disabled')).toBe(false)
    expect([
      localStorage.getItem('breed'),
      localStorage.getItem('weight'),
      localStorage.getItem('unit'),
    ]).toEqual(['Maine Coon', '4', 'Kg'])
  })
})
