/**
 * The real-name check behind a small interface (DESIGN.md section 4's third parties): the
 * embedded default approves a well-formed ID number at once (its checksum and birth date were
 * checked before it is asked); a KYC provider's adapter asks whether the name and number match.
 */
export type RealNameVerdict = { approved: true } | { approved: false; reason: string };

export interface RealNameVerifier {
  /** Recorded with each verification ('checksum' for the embedded one). */
  readonly name: string;
  verify(name: string, idNumber: string): Promise<RealNameVerdict>;
}

/** The embedded default: the ID number's checksum (already checked) is all it asks. */
export const checksumVerifier: RealNameVerifier = {
  name: 'checksum',
  verify: async () => ({ approved: true }),
};
