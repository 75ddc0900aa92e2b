import { describe, expect, it } from 'vitest'
import { type GuardState, guardRedirect } from '../../shared/rules/guard.ts'

const state = (over: Partial<GuardState> = {}): GuardState => ({
  subscribed: false,
  interviewCompleted: false,
  hasCat: false,
  signedIn: true,
  ...over,
})

describe('navigation guard (docs/product.md §2)', () => {
  describe('/paywall', () => {
    it('stays without a subscription', () => {
      expect(guardRedirect('/paywall', state())).toBeNull()
      expect(guardRedirect('/paywall', state({ hasCat: true, interviewCompleted: true }))).toBeNull()
    })
    it('goes to the chat when subscribed and the interview is completed', () => {
      expect(guardRedirect('/paywall', state({ subscribed: true, interviewCompleted: true }))).toBe(
        '/cat-assistant',
      )
    })
    it('goes to the chat when subscribed and a cat is stored', () => {
      expect(guardRedirect('/paywall', state({ subscribed: true, hasCat: true }))).toBe('/cat-assistant')
    })
    it('goes to the interview when subscribed with neither', () => {
      expect(guardRedirect('/paywall', state({ subscribed: true }))).toBe('/interview')
    })
  })

  describe('/interview', () => {
    it('goes to the chat once the interview is completed', () => {
      expect(guardRedirect('/interview', state({ interviewCompleted: true }))).toBe('/cat-assistant')
    })
    it('goes to the chat when a cat exists', () => {
      expect(guardRedirect('/interview', state({ hasCat: true }))).toBe('/cat-assistant')
    })
    it('stays otherwise, subscribed or not', () => {
      expect(guardRedirect('/interview', state())).toBeNull()
      expect(guardRedirect('/interview', state({ subscribed: true }))).toBeNull()
    })
  })

  describe('/cat-assistant', () => {
    it('goes to the paywall without a subscription', () => {
      expect(guardRedirect('/cat-assistant', state({ hasCat: true }))).toBe('/paywall')
    })
    it('goes to the interview when subscribed without interview or cat', () => {
      expect(guardRedirect('/cat-assistant', state({ subscribed: true }))).toBe('/interview')
    })
    it('stays when subscribed with a completed interview or a cat', () => {
      expect(
        guardRedirect('/cat-assistant', state({ subscribed: true, interviewCompleted: true })),
      ).toBeNull()
      expect(guardRedirect('/cat-assistant', state({ subscribed: true, hasCat: true }))).toBeNull()
    })
  })

  describe('a household member (docs/household.md)', () => {
    it('whose account may not chat (a sitter) goes to /care from the chat, the paywall and the interview', () => {
      for (const path of ['/cat-assistant', '/paywall', '/interview']) {
        expect(guardRedirect(path, state({ mayChat: false }))).toBe('/care')
        expect(guardRedirect(path, state({ mayChat: false, hasCat: true, subscribed: true }))).toBe('/care')
      }
    })
    it('reaches the chat when chat is allowed and a subscription covers it', () => {
      expect(
        guardRedirect('/cat-assistant', state({ mayChat: true, hasCat: true, subscribed: true })),
      ).toBeNull()
    })
  })

  describe('other paths', () => {
    it('are unchanged', () => {
      for (const path of ['/login', '/start', '/onboarding', '/unknown']) {
        expect(guardRedirect(path, state({ subscribed: true }))).toBeNull()
      }
    })
    it('send visitors without a session from the owner-only screens to /login', () => {
      expect(guardRedirect('/cat-profile', state({ signedIn: false }))).toBe('/login')
      expect(guardRedirect('/progress', state({ signedIn: false }))).toBe('/login')
      expect(guardRedirect('/cat-profile', state())).toBeNull()
    })
  })
})
