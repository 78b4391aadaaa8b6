import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 part 6: pages are built from the remote kit's primitives (CONTEXT.md), which carry the
 * focus ring, the names and the phone sizes. A control styled by hand in a package (a
 * `styled.button`, `styled.input`, `styled.select`, `styled.textarea`, `styled.form`) skips them;
 * `styled(Button)` and a plain `<form>` inside a layout block are the way instead.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = ['host/src', 'mf-live/src', 'mf-scores/src', 'mf-community/src', 'mf-member/src', 'shared/src'];
const KIT = path.join('shared', 'src', 'remoteKit');
const HAND_ROLLED = /styled\.(button|input|select|textarea|form)\b/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function handRolledControls(root: string): string[] {
  return PACKAGES.flatMap((folder) => sourceFiles(path.join(root, folder)))
    .filter((file) => !path.relative(root, file).startsWith(KIT))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(HAND_ROLLED)].map((match) => `${path.relative(root, file)}: ${match[0]}`));
}

describe('no package hand-rolls a control', () => {
  it('finds no styled.button / input / select / textarea / form outside the remote kit', () => {
    expect(handRolledControls(REPO)).toEqual([]);
  });

  it('would name one (the check reads the real files)', () => {
    expect('const Send = styled.button`'.match(HAND_ROLLED)).toEqual(['styled.button']);
    expect(sourceFiles(path.join(REPO, KIT)).some((file) => file.endsWith('Button.tsx'))).toBe(true);
  });
});
