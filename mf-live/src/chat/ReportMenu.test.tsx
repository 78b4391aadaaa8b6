import '../testing/setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatGroupMessage, ReportReason } from '@sports/shared';
import { liveContext, renderInRemote } from '../testing/fixtures';
import { MessageList } from './MessageList';

function line(id: string, userId: string, nickname: string): ChatGroupMessage {
  return { id, seq: 1, groupId: 'g1', kind: 'text', text: '买买买', from: { userId, nickname, avatar: '', role: 'member' }, cloudCustomData: { type: 0 }, sentAt: 0 };
}

function renderList(onReport: (message: ChatGroupMessage, reason: ReportReason) => Promise<void>) {
  const context = liveContext({});
  renderInRemote(context, <MessageList label="聊天" messages={[line('m1', '42', '广告号'), line('m2', '7', '我')]} myChatId="7" onReport={onReport} />);
  return screen.getByRole('button', { name: '举报 广告号 的消息' });
}

describe('举报 beside a chat line (ReportMenu on the kit Popover)', () => {
  it('opens a dialog named for the line, focus on the reason; 提交 reports it, closes and gives focus back', async () => {
    const onReport = vi.fn(async () => undefined);
    const trigger = renderList(onReport);
    expect(trigger.textContent).toBe('举报');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    // Only other members' lines can be reported.
    expect(screen.getAllByTestId('chat-report')).toHaveLength(1);

    fireEvent.click(trigger);
    const menu = screen.getByRole('dialog', { name: '举报 广告号 的消息' });
    expect(menu.getAttribute('data-testid')).toBe('chat-report-menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const reason = within(menu).getByLabelText('举报原因');
    expect(document.activeElement).toBe(reason);

    fireEvent.change(reason, { target: { value: 'spam' } });
    await act(async () => {
      fireEvent.click(within(menu).getByRole('button', { name: '提交' }));
    });
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }), 'spam');
    expect(screen.queryByTestId('chat-report-menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('取消 and Escape close it without reporting, focus back on 举报', () => {
    const onReport = vi.fn(async () => undefined);
    const trigger = renderList(onReport);
    fireEvent.click(trigger);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByLabelText('举报原因'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(onReport).not.toHaveBeenCalled();
  });
});
