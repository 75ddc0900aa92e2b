// The entitlement rule lives in the billing domain; this path stays for the chat's imports.
export { ENTITLED_STATUSES, hasActiveSubscription, isEntitled } from './domain/billing/entitlement.ts'
