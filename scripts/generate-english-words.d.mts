export const ENGLISH_WORDS_FILE: string
export function englishWordsJson(): string
