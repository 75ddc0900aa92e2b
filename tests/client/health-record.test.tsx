// @vitest-environment jsdom
// The health record's sections on /progress (client/src/features/health-record) in jsdom with the app's
// own tRPC + React Query provider, answered by the real router on a real database: list, add, delete,
// the server's refusal shown, a dose logged.
import '../helpers/jsdom-node-bytes.ts'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Documents, Medications, Vaccinations, Vets } from '../../client/src/features/health-record/index.ts'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = clientTestApp()
afterEach(cleanup)

const Providers = clientProviders(t)

describe('the health record sections', () => {
  it('add a vaccination (with a proposed due date), list it, and delete it', async () => {
    const { owner, cat } = await subscriberWithCat(t, { cat: { age: 5 } })
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <Vaccinations />
      </Providers>,
    )
    await screen.findByText('No vaccination recorded yet.')
    fireEvent.change(screen.getByLabelText('Vaccine'), { target: { value: 'FVRCP' } })
    fireEvent.change(screen.getByLabelText('Given on'), { target: { value: '2026-01-10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add vaccination' }))
    await screen.findByText(/given 2026-01-10, next due 2029-01-09/)
    expect(await t.db.vaccination.count({ where: { catId: cat.id } })).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Delete FVRCP given 2026-01-10' }))
    await screen.findByText('No vaccination recorded yet.')
    expect(await t.db.vaccination.count({ where: { catId: cat.id } })).toBe(0)
  })

  it("shows the server's refusal of a name with hidden characters", async () => {
    const { owner } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <Vaccinations />
      </Providers>,
    )
    await screen.findByText('No vaccination recorded yet.')
    fireEvent.change(screen.getByLabelText('Vaccine'), { target: { value: 'Rab\u202Eies' } })
    fireEvent.change(screen.getByLabelText('Given on'), { target: { value: '2026-01-10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add vaccination' }))
    await screen.findByText('Vaccine has invalid characters')
  })

  it('add a medication, log a dose (by the owner), delete it', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <Medications />
      </Providers>,
    )
    await screen.findByText('No medication recorded yet.')
    fireEvent.change(screen.getByLabelText('Medication'), { target: { value: 'Methimazole' } })
    fireEvent.change(screen.getByLabelText('Dose'), { target: { value: '2.5 mg' } })
    fireEvent.change(screen.getByLabelText('Times (HH:MM, comma-separated)'), {
      target: { value: '08:00, 20:00' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Add medication' }))
    const item = (await screen.findByText('Methimazole')).closest('li')!
    expect(item.textContent).toContain('2.5 mg at 08:00, 20:00')
    fireEvent.click(within(item).getByRole('button', { name: 'Log a dose' }))
    await waitFor(async () =>
      expect(await t.db.medicationDose.count({ where: { medication: { catId: cat.id } } })).toBe(1),
    )
    const email = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email
    expect(
      (await t.db.medicationDose.findFirstOrThrow({ where: { medication: { catId: cat.id } } })).by,
    ).toBe(email)
    fireEvent.click(within(item).getByRole('button', { name: 'Delete Methimazole' }))
    await screen.findByText('No medication recorded yet.')
  })

  it('save the usual vet, then clear it', async () => {
    const { owner } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <Vets />
      </Providers>,
    )
    const name = await screen.findByLabelText('Usual vet name')
    fireEvent.change(name, { target: { value: 'Downtown Vets' } })
    fireEvent.change(screen.getByLabelText('Usual vet phone'), { target: { value: '555-0100' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save vets' }))
    await screen.findByText('Saved.')
    const api = await t.caller(owner.token)
    expect(await api.record.vets({})).toEqual({
      usual: { name: 'Downtown Vets', phone: '555-0100', address: null },
      emergency: null,
    })
    fireEvent.change(screen.getByLabelText('Usual vet name'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save vets' }))
    await waitFor(async () => expect((await api.record.vets({})).usual).toBeNull())
  })

  it('add a PDF document, list its title, delete it; a text file is refused', async () => {
    const { owner, cat } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <Documents />
      </Providers>,
    )
    await screen.findByText('No document stored yet.')
    const pdf = new File(
      ['%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'],
      'lab.pdf',
      {
        type: 'application/pdf',
      },
    )
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Blood panel' } })
    fireEvent.change(screen.getByLabelText('File (PDF or photo, up to 10 MB)'), { target: { files: [pdf] } })
    fireEvent.click(screen.getByRole('button', { name: 'Add document' }))
    await screen.findByText('Blood panel')
    expect((await t.db.catDocument.findFirstOrThrow({ where: { catId: cat.id } })).mimetype).toBe(
      'application/pdf',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete Blood panel' }))
    await screen.findByText('No document stored yet.')

    const text = new File(['just notes'], 'notes.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Notes' } })
    fireEvent.change(screen.getByLabelText('File (PDF or photo, up to 10 MB)'), { target: { files: [text] } })
    fireEvent.click(screen.getByRole('button', { name: 'Add document' }))
    await screen.findByText(/must be a PDF, JPEG, PNG or WebP/)
  })
})
