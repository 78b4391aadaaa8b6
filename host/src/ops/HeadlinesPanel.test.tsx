import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { parseMatchIds, validateHeadlineForm, emptyHeadlineForm } from './HeadlinesEditorForm';
import { OpsPage } from './OpsPage';
import { createFakeHeadlinesOps, fakeOpsHeadline } from './testing/fakeHeadlinesOps';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';
const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.png';
let fake: ReturnType<typeof createFakeHeadlinesOps>;

beforeEach(() => {
  fake = createFakeHeadlinesOps(TOKEN, createFakeOpsServer(TOKEN, []).fetch, 3);
  fake.headlines.push(
    fakeOpsHeadline(1),
    fakeOpsHeadline(2, { state: 'draft', published_at: null, category: 'esports' }),
    fakeOpsHeadline(3, { source: 'match_report', author: '赛事快讯' }),
    fakeOpsHeadline(4, { state: 'hidden' }),
  );
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  sessionStorage.setItem('mf_ops_token', TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openHeadlines() {
  renderWithHost(<OpsPage />, { path: '/ops?tab=headlines' });
  return screen.findByTestId('ops-headlines');
}
const form = () => screen.getByTestId('headline-form');
function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
}
const LABELS = {
  title: '标题（1-80 字）',
  cover: '封面图片地址（/uploads/… 或 /static/…，可不填）',
  body: '正文（Markdown：# 标题、**加粗**、*斜体*、- 列表、[链接](https://…)、![图](/uploads/…)）',
  matches: '关联比赛 ID（逗号分隔，最多 5 场）',
  category: '分类',
};

describe('the headline editor (#/ops?tab=headlines, 头条编辑)', () => {
  it('form rules match the server: match ids, cover paths, lengths', () => {
    expect(parseMatchIds('1, 2，3、4 5')).toEqual([1, 2, 3, 4, 5]);
    expect(parseMatchIds('')).toEqual([]);
    for (const bad of ['1,1', '0', '-1', 'a', '1,2,3,4,5,6', '1.5']) expect(parseMatchIds(bad), bad).toBeNull();
    const valid = { ...emptyHeadlineForm('football'), title: '标题', body: '正文' };
    expect(validateHeadlineForm(valid)).toEqual({});
    expect(validateHeadlineForm({ ...valid, cover: UPLOAD })).toEqual({});
    expect(validateHeadlineForm({ ...valid, cover: '/static/headline-covers/match-1.svg' })).toEqual({});
    for (const cover of ['https://evil.example/a.png', 'javascript:alert(1)', '/uploads/../a.png']) expect(validateHeadlineForm({ ...valid, cover }).cover, cover).toBeDefined();
    expect(validateHeadlineForm({ ...valid, title: '   ' }).title).toBeDefined();
    expect(validateHeadlineForm({ ...valid, title: '长'.repeat(81) }).title).toBeDefined();
    expect(validateHeadlineForm({ ...valid, body: '' }).body).toBeDefined();
  });

  it('lists every article with its state and source, newest update first, more by cursor; the tab is 头条编辑', async () => {
    const table = await openHeadlines();
    expect(screen.getByRole('tab', { name: '头条编辑' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['标题', '分类', '状态', '来源', '发布时间', '阅读', '点赞', '操作']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const row3 = within(screen.getByTestId('headline-row-3')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(row3.slice(0, 4)).toEqual(['文章 3', '足球', '已发布', '赛事快讯']);
    expect(screen.getByTestId('headline-state-2').textContent).toBe('草稿');
    expect(within(screen.getByTestId('headline-row-2')).getAllByRole('cell')[4]?.textContent).toBe('未发布');
    fireEvent.click(screen.getByTestId('headline-load-more'));
    await screen.findByTestId('headline-row-1');
    expect(screen.queryByTestId('headline-load-more')).toBeNull();
    expect(fake.sent[0]).toMatchObject({ method: 'GET', path: '/api/ops/headlines?page_size=20', headers: { 'x-ops-token': TOKEN } });
    expect(fake.sent.some((request) => request.path.includes('cursor=3'))).toBe(true);
  });

  it('filters by state', async () => {
    await openHeadlines();
    fireEvent.change(screen.getByTestId('headline-state-filter'), { target: { value: 'draft' } });
    await waitFor(() => expect(screen.queryByTestId('headline-row-3')).toBeNull());
    expect(screen.getByTestId('headline-row-2')).toBeTruthy();
    expect(fake.sent.at(-1)?.path).toBe('/api/ops/headlines?page_size=20&state=draft');
  });

  it('write: checks fields first, previews the body as the server renders it, saves a draft', async () => {
    await openHeadlines();
    fill({ [LABELS.title]: ' ', [LABELS.cover]: 'https://evil.example/a.png', [LABELS.matches]: '1,1' });
    fireEvent.submit(form());
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      '请输入 1-80 字的标题',
      '封面必须是上传的图片地址（/uploads/…）或 /static/… 路径',
      '请输入 1-20000 字的正文',
      '请输入最多 5 个不重复的比赛 ID（正整数，逗号分隔）',
    ]);
    expect(fake.sent.some((request) => request.method === 'POST')).toBe(false);

    fill({ [LABELS.title]: '周末前瞻', [LABELS.cover]: UPLOAD, [LABELS.body]: '看点 <script>alert(1)</script>', [LABELS.matches]: '7, 8', [LABELS.category]: 'basketball' });
    fireEvent.click(screen.getByTestId('headline-preview'));
    const preview = await screen.findByTestId('headline-preview-body');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('看点 <script>alert(1)</script>');
    expect(fake.sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/ops/headlines/preview', body: { body: '看点 <script>alert(1)</script>' } });

    fireEvent.click(screen.getByTestId('headline-save'));
    expect((await screen.findByTestId('headline-outcome')).textContent).toBe('已保存');
    const created = fake.sent.find((request) => request.method === 'POST' && request.path === '/api/ops/headlines');
    expect(created?.body).toEqual({ title: '周末前瞻', summary: '', category: 'basketball', cover: UPLOAD, author: '', body: '看点 <script>alert(1)</script>', related_match_ids: [7, 8] });
    expect(await screen.findByTestId('headline-row-5')).toBeTruthy();
    expect(screen.getByTestId('headline-state-5').textContent).toBe('草稿');
    // The form is empty again for the next article.
    expect((within(form()).getByLabelText(LABELS.title) as HTMLInputElement).value).toBe('');
  });

  it('save and publish: created then published', async () => {
    await openHeadlines();
    fill({ [LABELS.title]: '快讯', [LABELS.body]: '正文' });
    fireEvent.click(screen.getByTestId('headline-save-publish'));
    expect((await screen.findByTestId('headline-outcome')).textContent).toBe('已发布，首页与资讯页即时可见');
    expect(fake.sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/ops/headlines', '/api/ops/headlines/5/state']);
    await waitFor(() => expect(screen.getByTestId('headline-state-5').textContent).toBe('已发布'));
  });

  it('edit: the form takes the article; saving posts to its id', async () => {
    await openHeadlines();
    fireEvent.click(screen.getByTestId('headline-edit-2'));
    expect(within(form()).getByRole('group', { name: '编辑文章 2' })).toBeTruthy();
    expect((within(form()).getByLabelText(LABELS.title) as HTMLInputElement).value).toBe('文章 2');
    expect((within(form()).getByLabelText(LABELS.category) as HTMLSelectElement).value).toBe('esports');
    fill({ [LABELS.title]: '文章 2（改）' });
    fireEvent.click(screen.getByTestId('headline-save'));
    await waitFor(() => expect(within(screen.getByTestId('headline-row-2')).getAllByRole('cell')[0]?.textContent).toBe('文章 2（改）'));
    expect(fake.sent.find((request) => request.method === 'POST')).toMatchObject({ path: '/api/ops/headlines/2', body: { title: '文章 2（改）', category: 'esports' } });
  });

  it('row actions publish, unpublish and hide; a refusal shows in the row', async () => {
    await openHeadlines();
    fireEvent.click(screen.getByTestId('headline-publish-2'));
    await waitFor(() => expect(screen.getByTestId('headline-state-2').textContent).toBe('已发布'));
    fireEvent.click(screen.getByTestId('headline-unpublish-2'));
    await waitFor(() => expect(screen.getByTestId('headline-state-2').textContent).toBe('草稿'));
    fireEvent.click(screen.getByTestId('headline-hide-2'));
    await waitFor(() => expect(screen.getByTestId('headline-state-2').textContent).toBe('已隐藏'));
    expect(fake.sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ state: 'published' }, { state: 'draft' }, { state: 'hidden' }]);
    fake.refuseNext('文章不存在或已下线');
    fireEvent.click(screen.getByTestId('headline-unpublish-3'));
    expect((await within(screen.getByTestId('headline-row-3')).findByRole('alert')).textContent).toBe('文章不存在或已下线');
  });

  it('a refused token returns the page to the token form', async () => {
    sessionStorage.setItem('mf_ops_token', 'stale-token');
    vi.stubGlobal('fetch', vi.fn(createFakeHeadlinesOps(TOKEN, createFakeOpsServer('stale-token', []).fetch).fetch));
    renderWithHost(<OpsPage />, { path: '/ops?tab=headlines' });
    expect(await screen.findByLabelText('运维令牌')).toBeTruthy();
  });
});
