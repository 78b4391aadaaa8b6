import { createEventBus, type ToastEvent } from '@sports/shared';
import { describe, expect, it } from 'vitest';
import { HELD_EVENTS_PER_TYPE, holdUnheardShellEvents } from './holdUnheardShellEvents';

const toast = (message: string): ToastEvent => ({ kind: 'error', message, durationMs: 5_000 });

describe('holdUnheardShellEvents', () => {
  it('hands a toast emitted before anyone listens to the first listener, in order, once', () => {
    const bus = holdUnheardShellEvents(createEventBus());
    bus.emit('toast', toast('一'));
    bus.emit('toast', toast('二'));
    const first: string[] = [];
    const second: string[] = [];
    bus.on('toast', (event) => first.push(event.message));
    bus.on('toast', (event) => second.push(event.message));
    expect(first).toEqual(['一', '二']);
    expect(second).toEqual([]);
    bus.emit('toast', toast('三'));
    expect(first).toEqual(['一', '二', '三']);
    expect(second).toEqual(['三']);
  });

  it('keeps the session dialog for its listener, not for a listener of another type', () => {
    const bus = holdUnheardShellEvents(createEventBus());
    bus.emit('session:logoutConfirm', { code: 50012 });
    const toasts: unknown[] = [];
    bus.on('toast', (event) => toasts.push(event));
    const confirms: number[] = [];
    bus.on('session:logoutConfirm', (event) => confirms.push(event.code));
    expect(toasts).toEqual([]);
    expect(confirms).toEqual([50012]);
  });

  it('keeps no event that is not the shell’s (nobody listening is normal for those)', () => {
    const bus = holdUnheardShellEvents(createEventBus());
    bus.emit('player:stopped', { roomId: 1, matchId: null });
    const heard: unknown[] = [];
    bus.on('player:stopped', (event) => heard.push(event));
    expect(heard).toEqual([]);
  });

  it('keeps at most HELD_EVENTS_PER_TYPE of a type, the newest', () => {
    const bus = holdUnheardShellEvents(createEventBus());
    for (let index = 0; index < HELD_EVENTS_PER_TYPE + 5; index += 1) bus.emit('toast', toast(String(index)));
    const heard: string[] = [];
    bus.on('toast', (event) => heard.push(event.message));
    expect(heard).toHaveLength(HELD_EVENTS_PER_TYPE);
    expect(heard[0]).toBe('5');
    expect(heard.at(-1)).toBe(String(HELD_EVENTS_PER_TYPE + 4));
  });

  it('holds again once every listener of a type has left', () => {
    const bus = holdUnheardShellEvents(createEventBus());
    const heard: string[] = [];
    const listener = (event: ToastEvent) => heard.push(event.message);
    bus.on('toast', listener);
    bus.off('toast', listener);
    bus.emit('toast', toast('之后'));
    expect(heard).toEqual([]);
    bus.on('toast', listener);
    expect(heard).toEqual(['之后']);
  });
});
