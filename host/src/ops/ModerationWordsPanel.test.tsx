import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { splitWords } from './ModerationWordsPanel';
import { OpsPage } from './OpsPage';
import { createFakeModeration } from './testing/fakeModeration';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
let fake: ReturnType<typeof createFakeModeration>;

beforeEach(() => {
  fake = createFakeModeration(TOKEN, createFakeOpsServer(TOKEN, []).fetch);
  fake.words.push({ id: 901, word: '加微信', created_by: 'seed', created_at: '2026-11-25T01:00:00.000Z' });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openWords() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=moderationWords' });
  return screen.findByRole('table', { name: /敏感词（共/ });
}

describe('the sensitive-word list (#/ops?tab=moderationWords)', () => {
  it('splits typed words by lines and commas', () => {
    expect(splitWords(' 球托 \n\nbuy now，刷单、 代开发票 ,')).toEqual(['球托', 'buy now', '刷单', '代开发票']);
  });

  it('lists the words with who added them, under the 敏感词 tab', async () => {
    const table = await openWords();
    expect(screen.getByRole('tab', { name: '敏感词' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['敏感词', '添加人', '添加时间', '操作']);
    expect(within(screen.getByTestId('sensitive-word-row-901')).getAllByRole('cell')[0]?.textContent).toBe('加微信');
    expect(table.querySelector('caption')?.textContent).toBe('敏感词（共 1 个，上限 5000 个）');
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/moderation/words', headers: { 'x-ops-token': TOKEN } });
  });

  it('adds several words at once, says how many were new, and shows them', async () => {
    await openWords();
    fireEvent.change(screen.getByTestId('sensitive-word-input'), { target: { value: '球托\n加微信，BUY NOW' } });
    fireEvent.click(screen.getByTestId('sensitive-word-add'));
    expect((await screen.findByTestId('sensitive-word-status')).textContent).toBe('已添加 2 个（1 个已存在）');
    expect(fake.sent.at(-2)).toMatchObject({ method: 'POST', path: '/api/ops/moderation/words', body: { add: ['球托', '加微信', 'BUY NOW'] } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect((screen.getByTestId('sensitive-word-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('checks input before any call: nothing typed, a word too long', async () => {
    await openWords();
    fireEvent.click(screen.getByTestId('sensitive-word-add'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入要添加的敏感词');
    fireEvent.change(screen.getByTestId('sensitive-word-input'), { target: { value: 'x'.repeat(65) } });
    fireEvent.click(screen.getByTestId('sensitive-word-add'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('每个敏感词不超过 64 个字'));
    expect(fake.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('removes a word after a confirm', async () => {
    await openWords();
    fireEvent.click(screen.getByTestId('sensitive-word-remove-901'));
    expect(fake.sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('sensitive-word-confirm-remove-901'));
    expect((await screen.findByTestId('sensitive-word-status')).textContent).toBe('已删除「加微信」');
    expect(fake.sent.find((request) => request.method === 'POST')?.body).toEqual({ remove: ['加微信'] });
    await waitFor(() => expect(screen.queryByTestId('sensitive-word-row-901')).toBeNull());
  });
});
