import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type Path, type PathValue, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { type StorageKey, writeText } from '../../../storage.ts'

/**
 * A wizard step's react-hook-form over its shared schema (zodResolver). Every answer is stored under its
 * docs/product.md §3 key as it is given, so nothing is lost on a reload or a sign-in; the whole step is
 * checked at each answer, and its messages appear for every field once the owner has started.
 */
export function useStoredStepForm<T extends { [K in keyof T]: string }>(
  schema: z.ZodType,
  defaultValues: T,
  /** Each field's local-storage key of docs/product.md §3 (the cat's `name` is stored as `cat_name`). */
  storageKeys: Record<keyof T, StorageKey>,
) {
  const form = useForm<T>({
    resolver: zodResolver(schema as never),
    mode: 'all',
    defaultValues: defaultValues as DefaultValues<T>,
  })
  const { errors, isDirty, touchedFields } = form.formState
  const started = isDirty || Object.keys(touchedFields).length > 0

  const keep = (field: Path<T> & keyof T, value: string) => {
    form.setValue(field, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldTouch: true })
    writeText(storageKeys[field], value)
    void form.trigger()
  }
  const error = (field: Path<T> & keyof T): string | undefined =>
    started ? (errors[field]?.message as string | undefined) : undefined

  return { form, keep, error }
}
