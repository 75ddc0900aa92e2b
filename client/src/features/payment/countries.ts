// The pickers' data and the state rule live in shared/, so the form and the server apply the same rule.
export {
  COUNTRIES,
  type CountryOption,
  needsState,
  type RegionOption,
  regionsOf,
} from '../../../../shared/rules/countries.ts'
