import { TextField, type TextFieldProps } from './TextField.tsx'

/**
 * A cat's weight as typed, in the unit a SelectField beside it holds (UNIT_OPTIONS): the decimal keyboard
 * on phones, no autofill, an example, and the error shown as the owner types (so not an alert). Reading
 * and converting the text is the form's, through shared/rules/weight.ts and weight-units.ts.
 */
export function WeightField(
  props: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'placeholder' | 'errorAlert'>,
) {
  return (
    <TextField inputMode="decimal" autoComplete="off" placeholder="e.g., 8.5" errorAlert={false} {...props} />
  )
}
