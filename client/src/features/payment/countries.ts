// The pickers' data and the state rule live in shared/, so the form and the server apply the same rule.
export { COUNTRIES, regionsOf } from '../../../../shared/rules/countries.ts'
