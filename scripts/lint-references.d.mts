/** See lint-references.mjs. */
export declare function findReferenceBreaches(
  text: string,
  file?: string,
): { file: string; line: number; text: string; says: string }[]
