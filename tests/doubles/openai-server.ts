// The OpenAI-compatible double: shared with `npm run bench`, which must not import from tests/.
export * from '../../scripts/bench/openai-double.ts'
