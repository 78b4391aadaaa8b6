import { useState, type FormEvent } from 'react';
import { Button, Field, Select, TextArea, TextInput } from '@sports/shared';
import { ANCHOR_INTRODUCTION_MAX, ANCHOR_INTRODUCTION_MIN, ANCHOR_SAMPLE_MAX, type AnchorApplication, type AnchorCategory, type MemberApi } from '../api/memberApi';
import { applyCopy } from '../messages';
import { ErrorText, Form } from '../ui/Form';
import { refusalMessage } from './errors';

const INTRODUCTION_MIN = ANCHOR_INTRODUCTION_MIN;
const INTRODUCTION_MAX = ANCHOR_INTRODUCTION_MAX;
const SAMPLE_MAX = ANCHOR_SAMPLE_MAX;

const CATEGORIES: AnchorCategory[] = [1, 2, 3, 4];

/** An https address, as the server's pattern (^https://[^\\s]+$) and a URL parser both take it. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > SAMPLE_MAX || !/^https:\/\/[^\s]+$/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

interface Errors {
  category?: string;
  introduction?: string;
  sample?: string;
  form?: string;
}

export function ApplicationForm({ api, previous, onSubmitted }: { api: MemberApi; previous: AnchorApplication | null; onSubmitted: (application: AnchorApplication) => void }) {
  const [category, setCategory] = useState<string>(previous ? String(previous.category) : '');
  const [introduction, setIntroduction] = useState(previous?.introduction ?? '');
  const [sample, setSample] = useState(previous?.sample ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = CATEGORIES.find((value) => String(value) === category);
    const text = introduction.trim();
    const length = [...text].length;
    const next: Errors = {
      category: chosen === undefined ? applyCopy.chooseCategory : undefined,
      introduction: length < INTRODUCTION_MIN || length > INTRODUCTION_MAX ? applyCopy.introductionLength(INTRODUCTION_MIN, INTRODUCTION_MAX) : undefined,
      sample: isHttpsUrl(sample.trim()) ? undefined : applyCopy.sampleInvalid,
    };
    setErrors(next);
    if (chosen === undefined || next.introduction || next.sample) return;
    setBusy(true);
    try {
      onSubmitted(await api.applyAnchor({ category: chosen, introduction: text, sample: sample.trim() }));
    } catch (refusal) {
      setErrors({ form: refusalMessage(refusal) });
    } finally {
      setBusy(false);
    }
  };

  const introHint = applyCopy.introductionHint(INTRODUCTION_MIN, INTRODUCTION_MAX);
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={applyCopy.stepApply} data-testid="apply-form">
      <Field id="member-apply-category" label={applyCopy.category} error={errors.category}>
        {(control) => (
          <Select {...control} data-testid="apply-category" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{applyCopy.chooseCategory}</option>
            {CATEGORIES.map((value) => (
              <option key={value} value={String(value)}>
                {applyCopy.categories[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="member-apply-introduction" label={applyCopy.introduction} hint={introHint} error={errors.introduction}>
        {(control) => <TextArea {...control} data-testid="apply-introduction" rows={4} value={introduction} onChange={(event) => setIntroduction(event.target.value)} />}
      </Field>
      <Field id="member-apply-sample" label={applyCopy.sample} hint={applyCopy.sampleHint} error={errors.sample}>
        {(control) => (
          <TextInput {...control} data-testid="apply-sample" type="url" value={sample} maxLength={SAMPLE_MAX} placeholder="https://" onChange={(event) => setSample(event.target.value)} />
        )}
      </Field>
      {errors.form && <ErrorText role="alert">{errors.form}</ErrorText>}
      <div>
        <Button type="submit" variant="primary" data-testid="apply-submit" disabled={busy}>
          {busy ? applyCopy.submitting : applyCopy.submit}
        </Button>
      </div>
    </Form>
  );
}
