import { ErrorText } from './formStyles';

/** A field's validation message, read out when it appears and referenced by aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <ErrorText id={id} role="alert">
      {message}
    </ErrorText>
  );
}

/** The ARIA props of an input whose message may be shown by <FieldError id={errorId}>. */
export function invalidProps(errorId: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}
