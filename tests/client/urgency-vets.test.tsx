// @vitest-environment jsdom
// The chat's urgency banner names the cat's saved vets with a `tel:` link (the 24-hour clinic first for
// an emergency, the usual vet first for a vet today), read through the app's tRPC client from the real
// router on a real database; with none saved it keeps the map search.
import '../helpers/jsdom-node-bytes.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { telHref, UrgencyBanner } from '../../client/src/features/chat/index.ts'
import { useCatVets } from '../../client/src/features/health-record/index.ts'
import type { UrgencyLevel } from '../../shared/schemas/conversation.ts'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = clientTestApp()
afterEach(cleanup)

const Providers = clientProviders(t)

/** The banner as the chat page draws it: the vets read for the chat's cat once a reply is urgent. */
function Banner({ catId, urgency }: { catId: number; urgency: UrgencyLevel }) {
  const vets = useCatVets(catId, true)
  return (
    <>
      <UrgencyBanner urgency={urgency} vets={vets} />
      {vets && <p>vets read</p>}
    </>
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
    const links = within(banner).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Call City Pet ER now: +44 (20) 7946-0000 ext. 12', 'tel:+442079460000;ext=12'],
      ['Or call Oakwood Vets: 0123 456 789', 'tel:0123456789'],
    ])
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
    const links = within(screen.getByRole('note', { name: 'See a vet today' })).getAllByRole('link')
    expect(links[0]!.textContent).toBe('Call Oakwood Vets now: 0123 456 789')
    expect(links[1]!.getAttribute('href')).toBe('tel:02079460000')
  })

  it('only the usual vet saved: it alone is named', async () => {
    const cat = await ownerWithVets({ usual: { name: 'Oakwood Vets', phone: '0123 456 789' } })
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const links = within(screen.getByRole('note', { name: 'Emergency' })).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(['Call Oakwood Vets now: 0123 456 789'])
  })

  it('none saved: the map search stays', async () => {
    const cat = await ownerWithVets({})
    render(
      <Providers>
        <Banner catId={cat.id} urgency="emergency" />
      </Providers>,
    )
    await screen.findByText('vets read')
    const link = within(screen.getByRole('note', { name: 'Emergency' })).getByRole('link')
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/24+hour+emergency+vet')
    expect(link.textContent).toContain('Find a 24-hour emergency vet')
  })

  it('tel: keeps digits and a leading +, an extension as ;ext=', () => {
    expect(telHref('+1 (555) 010-9999 x 42')).toBe('tel:+15550109999;ext=42')
    expect(telHref('01.23.45.67.89')).toBe('tel:0123456789')
  })
})
