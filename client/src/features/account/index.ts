// The account feature's public face: the data section (export, delete) of the account settings page.
export { DataSection } from './DataSection.tsx'
