import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Button } from './Button';
import { Field, fieldDescribedBy, Select, TextArea, TextInput } from './Field';

/** A nickname form: 1-4 characters, checked on submit. */
function NicknameForm({ id }: { id?: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ThemeProvider theme={theme}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(value.trim() === '' ? '请输入昵称' : null);
        }}
      >
        <Field id={id} label="昵称" hint="1-4 个字" error={error} errorTestId="nickname-error">
          {(control) => <TextInput {...control} data-testid="nickname" value={value} onChange={(event) => setValue(event.target.value)} />}
        </Field>
        <Button type="submit">保存</Button>
      </form>
    </ThemeProvider>
  );
}

/** The text of the elements an element's aria-describedby names, as a screen reader reads them. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`)
    .join(' ');
}

describe('Field', () => {
  it('names its control by the label and describes it by the hint', () => {
    render(<NicknameForm />);
    const input = screen.getByRole('textbox', { name: '昵称' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(description(input)).toBe('1-4 个字');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error announced as an alert, marks the control invalid and adds the error to its description', () => {
    render(<NicknameForm />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const input = screen.getByRole('textbox', { name: '昵称' });
    expect(screen.getByRole('alert').textContent).toBe('请输入昵称');
    expect(screen.getByTestId('nickname-error').textContent).toBe('请输入昵称');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('1-4 个字 请输入昵称');

    fireEvent.change(input, { target: { value: '小明' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(description(input)).toBe('1-4 个字');
  });

  it('takes a given id (its hint and error ids follow it), two fields never share one', () => {
    render(<NicknameForm id="member-nickname" />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByTestId('nickname').id).toBe('member-nickname');
    expect(screen.getByTestId('nickname').getAttribute('aria-describedby')).toBe('member-nickname-hint member-nickname-error');

    render(
      <ThemeProvider theme={theme}>
        <Field label="简介">{(control) => <TextArea {...control} />}</Field>
        <Field label="分类">
          {(control) => (
            <Select {...control}>
              <option>足球</option>
            </Select>
          )}
        </Field>
      </ThemeProvider>,
    );
    const textarea = screen.getByRole('textbox', { name: '简介' });
    const select = screen.getByRole('combobox', { name: '分类' });
    expect(textarea.id).not.toBe(select.id);
    expect(textarea.getAttribute('aria-describedby')).toBeNull();
  });

  it('describes by nothing without hint or error', () => {
    expect(fieldDescribedBy('a', undefined, null)).toBeUndefined();
    expect(fieldDescribedBy('a', '提示', undefined)).toBe('a-hint');
    expect(fieldDescribedBy('a', undefined, '错误')).toBe('a-error');
  });

  it('sets its controls at 16 px on a phone (no iOS zoom on focus) and shows aria-invalid', () => {
    render(
      <ThemeProvider theme={theme}>
        <TextInput aria-label="手机号" />
      </ThemeProvider>,
    );
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(new RegExp(`@media \\(max-width: ?${theme.breakpoints.narrow}px\\)\\{[^}]*font-size: ?16px`));
    expect(css).toMatch(/\[aria-invalid='true'\]\{border-color: ?#c62828/);
  });
});
