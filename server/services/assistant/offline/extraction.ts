/** What every field extractor returns: the cleaned answer, or why the receptionist must ask again. */
export type Extraction = { ok: true; answer: string } | { ok: false; reason: string }

export const accept = (answer: string): Extraction => ({ ok: true, answer })
export const refuse = (reason: string): Extraction => ({ ok: false, reason })
