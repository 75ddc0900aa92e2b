// "Download my data" answers its JSON text in pieces (server/domain/accounts/export-stream.ts): the
// document they make, for tests that call the procedure through createCaller.
export async function exportedDocument<T = Record<string, unknown>>(answer: unknown): Promise<T> {
  let text = ''
  for await (const piece of answer as AsyncIterable<string>) text += piece
  return JSON.parse(text) as T
}
