import { useState, type FormEvent } from 'react';
import { Button, Field, TextInput } from '@sports/shared';
import { REAL_NAME_MAX, REAL_NAME_MIN, type MemberApi, type VerifiedInfo } from '../api/memberApi';
import { applyCopy } from '../messages';
import { ErrorText, Form } from '../ui/Form';
import { refusalMessage } from './errors';
import { checkIdNumber, normalizeIdNumber } from './idNumber';

const idProblemText = { format: applyCopy.idFormat, birthDate: applyCopy.idBirthDate, checksum: applyCopy.idChecksum } as const;

export function RealNameForm({ api, onVerified }: { api: MemberApi; onVerified: (info: VerifiedInfo) => void }) {
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<{ name?: string; id?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const idProblem = checkIdNumber(idNumber);
    const next = {
      name: trimmed === '' ? applyCopy.nameRequired : [...trimmed].length < REAL_NAME_MIN || [...trimmed].length > REAL_NAME_MAX ? applyCopy.nameLength(REAL_NAME_MIN, REAL_NAME_MAX) : undefined,
      id: idProblem ? idProblemText[idProblem] : undefined,
    };
    setErrors(next);
    if (next.name || next.id) return;
    setBusy(true);
    try {
      onVerified(await api.verify({ name: trimmed, id_number: normalizeIdNumber(idNumber) }));
    } catch (refusal) {
      setErrors({ form: refusalMessage(refusal) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={applyCopy.stepVerify} data-testid="verify-form">
      <p>{applyCopy.verifyIntro}</p>
      <Field id="member-real-name" label={applyCopy.realName} error={errors.name}>
        {(control) => <TextInput {...control} data-testid="real-name-input" value={name} autoComplete="name" onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field id="member-id-number" label={applyCopy.idNumber} error={errors.id}>
        {(control) => (
          <TextInput
            {...control}
            data-testid="id-number-input"
            value={idNumber}
            maxLength={18}
            autoComplete="off"
            inputMode="text"
            onChange={(event) => setIdNumber(event.target.value)}
          />
        )}
      </Field>
      {errors.form && <ErrorText role="alert">{errors.form}</ErrorText>}
      <div>
        <Button type="submit" variant="primary" data-testid="verify-submit" disabled={busy}>
          {busy ? applyCopy.verifying : applyCopy.verify}
        </Button>
      </div>
    </Form>
  );
}
