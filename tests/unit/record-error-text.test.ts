// The health record's refusals in the owner's words (client/src/features/health-record/record-error.ts):
// the server's field names become the form's labels.
import { describe, expect, it } from 'vitest'
import { humanRecordMessage } from '../../client/src/features/health-record/record-error.ts'

describe('humanRecordMessage', () => {
  it.each([
    ['name: name has invalid characters', 'Vaccine', 'Vaccine has invalid characters'],
    ['end_on: end_on must not be before start_on', 'Name', 'End date must not be before start date'],
    ['end_on must not be before start_on', 'Name', 'End date must not be before start date'],
    ["times.0: times: each time is 'HH:MM', 24 h", 'Name', "Times: each time is 'HH:MM', 24 h"],
    ['title is at most 200 characters', 'Title', 'Title is at most 200 characters'],
    ['next_due_on: next_due_on must be a date that exists', 'Name', 'Next due must be a date that exists'],
    ['dose must not be empty', 'Name', 'Dose must not be empty'],
  ])('%s', (message, nameLabel, expected) => {
    expect(humanRecordMessage(message, nameLabel)).toBe(expected)
  })
})
