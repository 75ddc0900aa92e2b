import { describe, expect, it } from 'vitest'
import {
  CAT_MESSAGES,
  catFieldsSchema,
  catIdSchema,
  createCatInputSchema,
  fieldErrors,
  profileFormSchema,
  wizardStepSchemas,
} from '../../shared/schemas/cat.ts'

const parse = (input: unknown) => catFieldsSchema.safeParse(input)
const messageOf = (input: unknown) => {
  const result = parse(input)
  return result.success ? null : result.error.issues[0]?.message
}

describe('the cat fields', () => {
  it('accept a whole quiz as the browser stores it', () => {
    const result = parse({
      cat_name: ' Luna ',
      gender: 'female',
      age: '4',
      breed: 'Maine Coon',
      weight: '12.5',
      unit: 'lbs',
      target_weight: 11,
      goals: ['lose weight', 'Train Cat'],
      issues_faced: 'Scratches the sofa',
      activity_level: 'moderately active',
      required_progress: ['Healthy Coat'],
      check_in_period: '3 times a week',
      training_days: ['monday', 'Thursday'],
      medical_conditions: 'None',
      items: ['litter box'],
    })
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({
      cat_name: 'Luna',
      gender: 'Female',
      age: 4,
      weight: 12.5,
      unit: 'Lbs',
      goals: ['Lose Weight', 'Train Cat'],
      issues_faced: ['Scratches the sofa'],
      activity_level: 'Moderately Active',
      check_in_period: '3 Times a Week',
      training_days: ['Monday', 'Thursday'],
      items: ['Litter Box'],
    })
  })

  it('leave absent fields absent (an update changes only what it sends)', () => {
    expect(parse({ breed: 'Persian' }).data).toEqual({ breed: 'Persian' })
  })

  it("refuse a gender other than male or female with the form's message", () => {
    expect(messageOf({ gender: 'cat' })).toBe(CAT_MESSAGES.gender)
    expect(parse({ gender: '' }).success).toBe(true)
  })

  it('refuse ages outside 0 to 30 and text that is not a number', () => {
    expect(messageOf({ age: -1 })).toBe(CAT_MESSAGES.age)
    expect(messageOf({ age: 31 })).toBe(CAT_MESSAGES.age)
    expect(messageOf({ age: 'old' })).toBe(CAT_MESSAGES.age)
    expect(parse({ age: '0.5' }).data?.age).toBe(0.5)
    expect(parse({ age: '' }).data?.age).toBeNull()
  })

  it("take weights as digits with up to 2 decimals (a decimal comma too), up to the weight log's 50", () => {
    expect(parse({ weight: '8.25' }).data?.weight).toBe(8.25)
    expect(parse({ weight: 8.5 }).data?.weight).toBe(8.5)
    expect(parse({ weight: '12,5' }).data?.weight).toBe(12.5)
    expect(parse({ target_weight: '4,8' }).data?.target_weight).toBe(4.8)
    expect(parse({ weight: 50 }).data?.weight).toBe(50)
    for (const weight of ['8.255', 8.255, '-2', -2, 50.01, 80, '80', 'heavy', '8.', '8,']) {
      expect(messageOf({ weight })).toBe(CAT_MESSAGES.weight)
    }
  })

  it('turn a short-quiz weight band into a weight', () => {
    expect(parse({ weight: '5-10 pounds' }).data?.weight).toBe(7.5)
  })

  it('take only the two units', () => {
    expect(parse({ unit: 'KG' }).data?.unit).toBe('Kg')
    expect(messageOf({ unit: 'stone' })).toBe(CAT_MESSAGES.unit)
    expect(messageOf({ unit: '' })).toBe(CAT_MESSAGES.unit)
  })

  it('take listed titles only, at most 10, without duplicates', () => {
    expect(messageOf({ goals: ['Fly'] })).toBe(CAT_MESSAGES.option)
    expect(parse({ goals: ['Lose Weight', 'lose weight'] }).data?.goals).toEqual(['Lose Weight'])
    expect(messageOf({ issues_faced: Array.from({ length: 11 }, (_, i) => `issue ${i}`) })).toBe(
      CAT_MESSAGES.tooMany,
    )
    expect(messageOf({ items: ['Spaceship'] })).toBe(CAT_MESSAGES.option)
    expect(messageOf({ training_days: ['Funday'] })).toBe(CAT_MESSAGES.option)
  })

  it('refuse an unknown activity level or check-in period', () => {
    expect(messageOf({ activity_level: 'hyper' })).toBe(CAT_MESSAGES.activity)
    expect(messageOf({ check_in_period: 'hourly' })).toBe(CAT_MESSAGES.checkIn)
  })

  it('refuse texts that are too long or not text', () => {
    expect(messageOf({ name: 'x'.repeat(81) })).toBe(CAT_MESSAGES.tooLong)
    expect(messageOf({ medications: 'x'.repeat(2001) })).toBe(CAT_MESSAGES.tooLong)
    expect(messageOf({ breed: 42 })).toBe(CAT_MESSAGES.text)
  })

  it('take a photo as bytes or base64 text', () => {
    const photo = (buffer: unknown) =>
      createCatInputSchema.safeParse({ photo: { buffer, mimetype: 'image/png' } }).success
    expect(photo([137, 80, 78, 71])).toBe(true)
    expect(photo('iVBORw0KGgo=')).toBe(true)
    expect(photo([256])).toBe(false)
    expect(photo([1.5])).toBe(false)
    expect(photo({})).toBe(false)
  })
})

describe('cat ids', () => {
  it('are positive whole numbers, as numbers or path text', () => {
    expect(catIdSchema.parse('12')).toBe(12)
    expect(catIdSchema.parse(3)).toBe(3)
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', 0, 2.5])
      expect(catIdSchema.safeParse(id).success).toBe(false)
  })
})

describe('the wizard steps', () => {
  it('basics: name, gender and age are required, with their messages', () => {
    const result = wizardStepSchemas.basics.safeParse({ name: ' ', gender: '', age: null })
    expect(fieldErrors(result.error)).toEqual({
      name: CAT_MESSAGES.name,
      gender: CAT_MESSAGES.gender,
      age: CAT_MESSAGES.age,
    })
    expect(wizardStepSchemas.basics.safeParse({ name: 'Luna', gender: 'Female', age: '3' }).success).toBe(
      true,
    )
  })

  it('breed and weight: breed, a weight above 0 and a unit are required', () => {
    const result = wizardStepSchemas.breedWeight.safeParse({ breed: '', weight: '0', unit: '' })
    expect(fieldErrors(result.error)).toEqual({
      breed: CAT_MESSAGES.breed,
      weight: CAT_MESSAGES.weight,
      unit: CAT_MESSAGES.unit,
    })
    expect(
      wizardStepSchemas.breedWeight.safeParse({ breed: 'Persian', weight: '8.5', unit: 'Lbs' }).success,
    ).toBe(true)
  })

  it('medical: a listed condition is needed, the rest is free text', () => {
    expect(wizardStepSchemas.medical.safeParse({ medical_conditions: 'Arthritis' }).success).toBe(true)
    expect(fieldErrors(wizardStepSchemas.medical.safeParse({ medical_conditions: '' }).error)).toEqual({
      medical_conditions: CAT_MESSAGES.medicalCondition,
    })
  })

  it('multi-select steps need at least one pick', () => {
    expect(fieldErrors(wizardStepSchemas.goals.safeParse({ goals: [] }).error)).toEqual({
      goals: CAT_MESSAGES.atLeastOne,
    })
    expect(wizardStepSchemas.items.safeParse({ items: ['Cat Toys'] }).success).toBe(true)
  })
})

describe('the profile form', () => {
  it('is valid with a name, one of the breeds (the one list the wizard offers too) and a photo', () => {
    expect(profileFormSchema.safeParse({ name: 'Luna', breed: 'Maine Coon', has_photo: true }).success).toBe(
      true,
    )
    const result = profileFormSchema.safeParse({ name: '', breed: 'Tabby', has_photo: false })
    expect(fieldErrors(result.error)).toEqual({
      name: CAT_MESSAGES.name,
      breed: CAT_MESSAGES.breed,
      has_photo: CAT_MESSAGES.photo,
    })
  })
})
