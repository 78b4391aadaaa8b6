import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { DIRECTORY_TTL_MS } from './chatDirectory';

/**
 * Guards in the chat (wallet/guards/, issue 13): a member's active guard tier in a room is the
 * badge on their messages there (`from.guard`, the tier level 1-3), and their joining the room's
 * group posts an entry notice. Read from guard_membership per room, cached; a purchase replaces
 * the member's entry at once (`ChatHub.announceGuard`, told by the wallet after commit; relayed between nodes as
 * `guardChanged`), so the badge shows on the very next message.
 */

export interface ChatGuardInfo {
  level: 1 | 2 | 3;
  name: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** A purchase as the chat applies it (this node's event or, through the bus, another's). */
export interface ChatGuardChange {
  roomId: number;
  userId: number;
  level: 1 | 2 | 3;
  name: string;
  /** ISO. */
  expiresAt: string;
}

interface Entry {
  value: Promise<Map<number, ChatGuardInfo>>;
  expiresAt: number;
}

export class ChatGuards {
  private readonly rooms = new Map<number, Entry>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = DIRECTORY_TTL_MS,
  ) {}

  /** The member's active guard in the room (null: none, or expired). */
  async guardOf(roomId: number, userId: number): Promise<ChatGuardInfo | null> {
    const guard = (await this.roomGuards(roomId)).get(userId);
    return guard !== undefined && guard.expiresAt > this.clock().getTime() ? guard : null;
  }

  /** A purchase committed: the member's entry is replaced (a room not cached reads the committed row when asked). */
  apply(change: ChatGuardChange): void {
    const entry = this.rooms.get(change.roomId);
    if (entry === undefined) return;
    const value = entry.value.then((guards) => new Map(guards).set(change.userId, { level: change.level, name: change.name, expiresAt: new Date(change.expiresAt).getTime() }));
    this.rooms.set(change.roomId, { value, expiresAt: entry.expiresAt });
    value.catch(() => {
      if (this.rooms.get(change.roomId)?.value === value) this.rooms.delete(change.roomId);
    });
  }

  private roomGuards(roomId: number): Promise<Map<number, ChatGuardInfo>> {
    const now = this.clock().getTime();
    const entry = this.rooms.get(roomId);
    if (entry !== undefined && entry.expiresAt > now) return entry.value;
    const value = this.db
      .selectFrom('guard_membership')
      .innerJoin('guard_tier', 'guard_tier.id', 'guard_membership.tier_id')
      .select(['guard_membership.user_id', 'guard_tier.level', 'guard_tier.name', 'guard_membership.expires_at'])
      .where('guard_membership.room_id', '=', roomId)
      .where('guard_membership.expires_at', '>', new Date(now))
      .execute()
      .then((rows) => new Map(rows.map((row) => [Number(row.user_id), { level: row.level, name: row.name, expiresAt: row.expires_at.getTime() }])));
    this.rooms.set(roomId, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.rooms.get(roomId)?.value === value) this.rooms.delete(roomId);
    });
    return value;
  }
}

/** How long after a guard's entry notice another is not posted for them in that room (reconnects, reloads). */
export const GUARD_ENTRY_NOTICE_COOLDOWN_MS = 60_000;

/**
 * The entry notice `<tier>·<nickname> 进入直播间` when a member with an active guard joins the
 * room's group (not kept in the history: it is news only to those present), at most once a
 * minute per member and room.
 */
export class ChatGuardEntries {
  private readonly lastNotice = new Map<string, number>();

  constructor(
    private readonly guards: ChatGuards,
    private readonly roomIdOf: (groupId: string) => Promise<number | null>,
    private readonly postSystem: (groupId: string, text: string, keep: boolean) => void,
  ) {}

  async joined(groupId: string, memberId: number, nickname: string): Promise<void> {
    const roomId = await this.roomIdOf(groupId);
    if (roomId === null) return;
    const guard = await this.guards.guardOf(roomId, memberId);
    if (guard === null) return;
    const key = `${groupId}:${memberId}`;
    const now = Date.now();
    const last = this.lastNotice.get(key);
    if (last !== undefined && now - last < GUARD_ENTRY_NOTICE_COOLDOWN_MS) return;
    this.lastNotice.set(key, now);
    this.postSystem(groupId, guardEntryLine(guard.name, nickname), false);
  }

  /** Housekeeping: cooldowns that ran out are dropped. */
  sweep(now: number): void {
    for (const [key, at] of this.lastNotice) if (now - at >= GUARD_ENTRY_NOTICE_COOLDOWN_MS) this.lastNotice.delete(key);
  }
}

/** The room's system line when a member with a guard joins. */
export function guardEntryLine(tierName: string, nickname: string): string {
  return `${tierName}·${nickname} 进入直播间`;
}

/** The room's system line after a purchase. */
export function guardBoughtLine(nickname: string, tierName: string, months: number, kind: 'buy' | 'renew' | 'upgrade'): string {
  if (kind === 'renew') return `${nickname} 续费了 ${tierName} ${months}个月`;
  if (kind === 'upgrade') return `${nickname} 升级为 ${tierName}`;
  return `${nickname} 开通了 ${tierName} ${months}个月`;
}
