import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { TextField, type TextFieldProps } from './TextField.tsx'

export interface FormattedFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'> {
  control: Control<T>
  name: FieldPath<T>
  /** What the form keeps of what was typed or pasted (e.g. digits grouped by four). */
  format(value: string): string
  /** Told after each change, with the formatted value (e.g. to clear a message as the owner types). */
  onFormatted?(value: string): void
}

/**
 * A TextField of a react-hook-form form whose value is reshaped as it is typed: the form holds the
 * formatted text, so what the owner sees is what is checked and sent.
 */
export function FormattedField<T extends FieldValues>({
  control,
  name,
  format,
  onFormatted,
  ...input
}: FormattedFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...input}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(e) => {
            const value = format(e.target.value)
            field.onChange(value)
            onFormatted?.(value)
          }}
        />
      )}
    />
  )
}
