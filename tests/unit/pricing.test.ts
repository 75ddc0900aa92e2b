import { describe, expect, it } from 'vitest'
import { PRICES, TRIAL_DAYS } from '../../shared/constants.ts'
import {
  billingState,
  dailyPrice,
  effectiveMethod,
  formatCountdown,
  formatUsd,
  methodOf,
  periodOf,
  planCard,
  planFromSelection,
  priceFor,
  subscriptionIdKind,
  trialEndDate,
  trialEndUnix,
  trialPaymentForm,
} from '../../shared/rules/pricing.ts'

describe('plan prices (docs/product.md §9)', () => {
  it('charges 49.99 a month and 299.99 a year, and the daily figure is the yearly price over 365 days', () => {
    expect(priceFor('Monthly')).toBe(49.99)
    expect(priceFor('Yearly')).toBe(299.99)
    expect(dailyPrice()).toBe(0.82)
    expect(dailyPrice()).toBe(PRICES.daily)
  })

  it('maps the billing method (false monthly, true yearly) both ways', () => {
    expect(periodOf(false)).toBe('Monthly')
    expect(periodOf(true)).toBe('Yearly')
    expect(methodOf('Monthly')).toBe(false)
    expect(methodOf('Yearly')).toBe(true)
  })

  it('builds the billing state with the price of the chosen method; the initial price is 49.99', () => {
    expect(billingState('Monthly')).toEqual({
      method: false,
      price: 49.99,
      daily: 0.82,
      monthly: 49.99,
      yearly: 299.99,
    })
    expect(billingState('Yearly')).toEqual({
      method: true,
      price: 299.99,
      daily: 0.82,
      monthly: 49.99,
      yearly: 299.99,
    })
  })

  it('formats dollars with two decimals', () => {
    expect(formatUsd(49.99)).toBe('$49.99')
    expect(formatUsd(1.9)).toBe('$1.90')
  })
})

describe('trial dates', () => {
  const start = new Date('2026-03-01T12:00:00.000Z')

  it('ends a monthly trial after 3 days and a yearly one after 7', () => {
    expect(TRIAL_DAYS).toEqual({ Monthly: 3, Yearly: 7 })
    expect(trialEndDate('Monthly', start).toISOString()).toBe('2026-03-04T12:00:00.000Z')
    expect(trialEndDate('Yearly', start).toISOString()).toBe('2026-03-08T12:00:00.000Z')
  })

  it('gives whole Unix seconds, rounded up so the end never falls before the exact time', () => {
    const odd = new Date('2026-03-01T12:00:00.400Z')
    expect(trialEndUnix('Monthly', start)).toBe(Date.parse('2026-03-04T12:00:00.000Z') / 1000)
    expect(trialEndUnix('Monthly', odd)).toBe(Date.parse('2026-03-04T12:00:01.000Z') / 1000)
  })

  it('fills the payment form of docs/product.md §3 with plan Free Trial and the trial dates', () => {
    expect(trialPaymentForm('Yearly', start)).toEqual({
      planName: 'Free Trial',
      startDate: '2026-03-01T12:00:00.000Z',
      endDate: '2026-03-08T12:00:00.000Z',
      billingPeriod: 'Yearly',
    })
  })
})

describe('plan card', () => {
  it('shows one price per plan: the price charged after the trial, never 39.99 beside 49.99', () => {
    const monthly = planCard('Monthly')
    expect(monthly).toEqual({
      name: 'Specialist Plan',
      trial: '3-Day Trial',
      price: '$49.99/mo',
      perDay: null,
      activation: '$1.99',
    })
    expect(JSON.stringify(monthly)).not.toContain('39.99')
    expect(planCard('Yearly')).toEqual({
      name: 'Specialist Plan',
      trial: '7-Day Trial',
      price: '$299.99/yr',
      perDay: '$0.82/day',
      activation: '$1.99',
    })
  })
})

describe('mobile rule and plan selection', () => {
  it('forces monthly at 768 px and narrower, and keeps the choice on wider screens', () => {
    expect(effectiveMethod(true, 768)).toBe(false)
    expect(effectiveMethod(true, 375)).toBe(false)
    expect(effectiveMethod(true, 769)).toBe(true)
    expect(effectiveMethod(false, 1280)).toBe(false)
  })

  it('reads planSelection=yearly in any letter case as Yearly, anything else as Monthly', () => {
    expect(planFromSelection('yearly')).toBe('Yearly')
    expect(planFromSelection('YeArLy')).toBe('Yearly')
    expect(planFromSelection(' YEARLY ')).toBe('Yearly')
    expect(planFromSelection('monthly')).toBe('Monthly')
    expect(planFromSelection('')).toBe('Monthly')
    expect(planFromSelection(null)).toBe('Monthly')
    expect(planFromSelection('yearlyish')).toBe('Monthly')
  })
})

describe('subscription id rule (docs/product.md §5)', () => {
  it.each([
    ['sub_1N2x', 'stripe'],
    ['sub_demo_abc', 'stripe'],
    ['I-BW452GLLEP1G', 'paypal'],
    ['', 'none'],
    [null, 'none'],
    [undefined, 'none'],
    ['null', 'none'],
    ['   ', 'none'],
    ['cus_123', 'invalid'],
    ['i-lowercase', 'invalid'],
    ['SUB_upper', 'invalid'],
    ['42', 'invalid'],
  ] as const)('%s is %s', (id, kind) => {
    expect(subscriptionIdKind(id)).toBe(kind)
  })
})

describe('wait countdown', () => {
  it.each([
    [600, '10:00'],
    [599, '9:59'],
    [61, '1:01'],
    [60, '1:00'],
    [9, '0:09'],
    [0, '0:00'],
    [-5, '0:00'],
    [12.7, '0:12'],
  ])('shows %s s as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })
})
