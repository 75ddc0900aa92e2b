// The part of mailauth's DKIM verifier the DKIM test uses (the package ships no types).
declare module 'mailauth/lib/dkim/verify.js' {
  interface DkimResult {
    signingDomain: string
    selector: string
    status: { result: 'pass' | 'fail' | 'neutral' | 'none' | 'temperror' | 'permerror' }
    signingHeaders: { keys: string }
  }
  export function dkimVerify(
    input: Buffer,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>
}
