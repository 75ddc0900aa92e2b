// Advice is reviewed data. Each knowledge file is checked with zod when the server starts;
// a bad file stops start-up with a message naming the file and what is wrong.
import { describe, expect, it } from 'vitest'
import careTopics from '../../server/knowledge/care-topics.json' with { type: 'json' }
import {
  CARE_TOPICS,
  careTopicsSchema,
  checkKnowledgeFile,
  URGENT_SIGNS,
  urgentSignsSchema,
} from '../../server/knowledge/index.ts'
import urgentSigns from '../../server/knowledge/urgent-signs.json' with { type: 'json' }

describe('knowledge files', () => {
  it('load, every entry with its source', () => {
    expect(CARE_TOPICS.length).toBeGreaterThanOrEqual(22)
    expect(URGENT_SIGNS.rules.length).toBeGreaterThanOrEqual(20)
    for (const entry of [...CARE_TOPICS, ...URGENT_SIGNS.rules])
      expect(entry.sources.length).toBeGreaterThan(0)
  })

  it('a rule without a source, or with a malformed condition, stops start-up with a clear message', () => {
    const [first, ...rest] = urgentSigns.rules
    const unsourced = { ...urgentSigns, rules: [{ ...first, sources: [] }, ...rest] }
    expect(() => checkKnowledgeFile('urgent-signs.json', urgentSignsSchema, unsourced)).toThrow(
      /server\/knowledge\/urgent-signs\.json is not valid[\s\S]*every entry names at least one source[\s\S]*rules\[0\]\.sources/,
    )
    const broken = { ...urgentSigns, rules: [{ ...first, when: [['(unclosed']] }, ...rest] }
    expect(() => checkKnowledgeFile('urgent-signs.json', urgentSignsSchema, broken)).toThrow(
      /server\/knowledge\/urgent-signs\.json is not valid[\s\S]*rules\[0\]\.when/,
    )
  })

  it('the hotlines cannot be dropped from the poison advice', () => {
    const without = { ...urgentSigns, poisonAdvice: 'Call your vet.' }
    expect(() => checkKnowledgeFile('urgent-signs.json', urgentSignsSchema, without)).toThrow(/426-4435/)
  })

  it('a topic with a misspelt id stops start-up', () => {
    const [first, ...rest] = careTopics.topics
    const bad = { ...careTopics, topics: [{ ...first, id: 'feedin' }, ...rest] }
    expect(() => checkKnowledgeFile('care-topics.json', careTopicsSchema, bad)).toThrow(/care-topics\.json/)
  })
})
