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
