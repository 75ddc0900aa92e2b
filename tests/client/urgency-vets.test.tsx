// @vitest-environment jsdom
// The chat's urgency banner names the cat's saved vets with a `tel:` link (the 24-hour clinic first for
// an emergency or after hours, the usual vet first for a vet today in the day) and their address as a map
// link, read through the app's tRPC client from the real router on a real database; with none saved it
// keeps the map search and offers to save the vet. It links to the first-aid situation it is given.
import '../helpers/jsdom-node-bytes.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { telHref, UrgencyBanner } from '../../client/src/features/chat/index.ts'
import { useCatVets } from '../../client/src/features/health-record/index.ts'
import type { UrgencyLevel } from '../../shared/schemas/conversation.ts'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = clientTestApp()
// A Wednesday at 10:00 in the test's own time zone: within a usual practice's hours.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 11, 2, 10, 0))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const telLinks = (banner: HTMLElement) =>
  within(banner)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('tel:'))

const Providers = clientProviders(t)

/** The banner as the chat page draws it: the vets read for the chat's cat once a reply is urgent. */
function Banner({ catId, urgency, firstAid }: { catId: number; urgency: UrgencyLevel; firstAid?: string }) {
  const vets = useCatVets(catId, true)
  return (
    <MemoryRouter>
      <UrgencyBanner urgency={urgency} vets={vets} firstAid={firstAid} />
      {vets && <p>vets read</p>}
    </MemoryRouter>
  )
}

async function ownerWithVets(
  vets: Parameters<Awaited<ReturnType<typeof t.caller>>['record']['updateVets']>[0],
) {
  const { owner, cat } = await subscriberWithCat(t)
  localStorage.setItem('token', owner.token)
  await (await t.caller(owner.token)).record.updateVets(vets)
  return cat
}

describe('the urgency banner names the saved vets', () => {
  it('an emergency: "Call <24-hour clinic> now" first, then the usual vet, as tel: links; no map search', async () => {
    const cat = await ownerWithVets({
      usual: { name: 'Oakwood Vets', phone: '0123 456 789', address: '1 Oak Lane' },
      emergency: { name: 'City Pet ER', phone: '+44 (20) 7946-0000 ext. 12' },
    })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const banner = screen.getByRole('note', { name: 'Emergency' })
    expect(telLinks(banner).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call City Pet ER now: +44 (20) 7946-0000 ext. 12', 'tel:+442079460000;ext=12'],
      ['Or call Oakwood Vets: 0123 456 789', 'tel:0123456789'],
    ])
    const map = within(banner).getByRole('link', { name: /1 Oak Lane/ })
    expect(map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Oak%20Lane')
    expect(banner.textContent).toContain('24-hour emergency clinic')
    expect(banner.textContent).not.toContain('Find a 24-hour emergency vet')
  })

  it('a vet today: the usual vet first', async () => {
    const cat = await ownerWithVets({
      usual: { name: 'Oakwood Vets', phone: '0123 456 789' },
      emergency: { name: 'City Pet ER', phone: '020 7946 0000' },
    })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="urgent" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const links = telLinks(screen.getByRole('note', { name: 'See a vet today' }))
    expect(links[0]!.textContent).toBe('Call Oakwood Vets now: 0123 456 789')
    expect(links[1]!.getAttribute('href')).toBe('tel:02079460000')
  })

  it('a vet today after hours (21:00): the emergency clinic first', async () => {
    vi.setSystemTime(new Date(2026, 11, 2, 21, 0))
    const cat = await ownerWithVets({
      usual: { name: 'Oakwood Vets', phone: '0123 456 789' },
      emergency: { name: 'City Pet ER', phone: '020 7946 0000' },
    })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="urgent" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const links = telLinks(screen.getByRole('note', { name: 'See a vet today' }))
    expect(links.map((a) => a.textContent)).toEqual([
      'Call City Pet ER now: 020 7946 0000',
      'Or call Oakwood Vets: 0123 456 789',
    ])
  })

  it('links to the first-aid situation for the sign found, else to the guide', async () => {
    const cat = await ownerWithVets({ usual: { name: 'Oakwood Vets', phone: '0123 456 789' } })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" firstAid="heatstroke" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const banner = screen.getByRole('note', { name: 'Emergency' })
    expect(
      within(banner)
        .getByRole('link', { name: /first aid/i })
        .getAttribute('href'),
    ).toBe('/first-aid/heatstroke')
    cleanup()
    render(
      <Providers>
        <Banner catId={cat.id} urgency="urgent" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const note = screen.getByRole('note', { name: 'See a vet today' })
    expect(
      within(note)
        .getByRole('link', { name: /first aid/i })
        .getAttribute('href'),
    ).toBe('/first-aid')
  })

  it('only the usual vet saved: it alone is named', async () => {
    const cat = await ownerWithVets({ usual: { name: 'Oakwood Vets', phone: '0123 456 789' } })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const links = telLinks(screen.getByRole('note', { name: 'Emergency' }))
    expect(links.map((a) => a.textContent)).toEqual(['Call Oakwood Vets now: 0123 456 789'])
  })

  it('none saved: the map search stays, and the banner offers to save the vet', async () => {
    const cat = await ownerWithVets({})
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const banner = screen.getByRole('note', { name: 'Emergency' })
    expect(telLinks(banner)).toEqual([])
    const link = within(banner).getByRole('link', { name: /Find a 24-hour emergency vet/ })
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/24+hour+emergency+vet')
    const add = within(banner).getByRole('link', { name: /Save your vet/ })
    expect(add.getAttribute('href')).toBe('/care#vets-title')
  })

  it('tel: keeps digits and a leading +, an extension as ;ext=', () => {
    expect(telHref('+1 (555) 010-9999 x 42')).toBe('tel:+15550109999;ext=42')
    expect(telHref('01.23.45.67.89')).toBe('tel:0123456789')
  })
})
