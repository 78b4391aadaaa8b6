import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../layout/testing/renderWithHost';
import { opsMessages } from './opsMessages';
import { OpsPage } from './OpsPage';
import { OPS_SECTIONS } from './opsSections';
import { createFakeOpsContent } from './testing/fakeOpsContent';
import { createFakeOpsServer } from './testing/fakeOpsServer';

const TOKEN = 'ops-secret';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(createFakeOpsContent(TOKEN, createFakeOpsServer(TOKEN, []).fetch).fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the ops sections', () => {
  it('no tabs before the token; after it the section the address asked for', async () => {
    renderWithHost(<OpsPage />, { path: '/ops?tab=applications' });
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.change(screen.getByLabelText('运维令牌'), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: '进入' }));
    const tablist = await screen.findByRole('tablist', { name: '运维功能' });
    expect(tablist.querySelectorAll('[role="tab"]')).toHaveLength(OPS_SECTIONS.length);
    // The asked section is kept through the token form.
    expect(screen.getByRole('tab', { name: '主播申请' }).getAttribute('aria-selected')).toBe('true');
  });

  it('tabs: one tab stop, arrows move and choose, the panel is labelled by its tab', async () => {
    sessionStorage.setItem('mf_ops_token', TOKEN);
    renderWithHost(<OpsPage />, { path: '/ops' });
    const rollouts = await screen.findByRole('tab', { name: '灰度发布' });
    expect(rollouts.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: '灰度发布' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '主播申请' }).tabIndex).toBe(-1);

    fireEvent.keyDown(rollouts, { key: 'ArrowRight' });
    const applications = screen.getByRole('tab', { name: '主播申请' });
    expect(applications.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(applications);
    expect(await screen.findByRole('heading', { name: '主播申请审核' })).toBeTruthy();
    expect(window.location.hash).toBe('#/ops?tab=applications');

    // End: the last section (the list grows: named from OPS_SECTIONS).
    const last = opsMessages.ops.tabs[OPS_SECTIONS[OPS_SECTIONS.length - 1]!];
    fireEvent.keyDown(applications, { key: 'End' });
    expect(screen.getByRole('tabpanel', { name: last })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: last }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '灰度发布' }).getAttribute('aria-selected')).toBe('true');
    expect(window.location.hash).toBe('#/ops');
  });
});
