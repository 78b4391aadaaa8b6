/** A failure the user can act on: printed as it is (it says what to do next), exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
