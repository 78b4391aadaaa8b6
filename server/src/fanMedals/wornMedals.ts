import { fanMedalLevelOf, fanMedalLit } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { ChatMedalBadge } from '../chat/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';

/**
 * How long a member's worn medal is cached. Wears and renames reach every node at once (the chat's
 * bus, `ChatHub.medalChanged`); this bounds what nothing announces (a row changed by hand, a node
 * that missed the bus while Redis was away).
 */
export const WORN_MEDAL_TTL_MS = 60_000;

/** A member's worn medal as cached: enough to draw the badge at any time. */
export interface WornMedal {
  anchorId: number;
  name: string;
  intimacy: number;
  /** ms since the epoch. */
  lastInteractionAt: number;
}

interface Entry {
  value: Promise<WornMedal | null>;
  /** The value once read (a send takes it without waiting a tick). */
  settled?: WornMedal | null;
  expiresAt: number;
}

/** The default medal name of an anchor who set none: the first 3 characters of their nickname. */
export const defaultMedalName = sql<string>`coalesce(nullif(left(anchor.user_nickname, 3), ''), '粉丝')`;

/**
 * The members' worn medals, cached per member for the chat's hot path (chat/chatMedals.ts): a send
 * reads the entry in memory; a miss reads one row (the worn medal, its intimacy, last interaction
 * and name) and caches it a minute. A wear (or taking it off) and the anchor renaming reach every
 * node at once through the chat's bus (`forget`, `renamed`); intimacy from chat and watching
 * updates the entry in place on the node that counted it; gifts and guards drop it when their line
 * or event reaches the chat (every node).
 */
export class WornMedals {
  private readonly members = new Map<number, Entry>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = WORN_MEDAL_TTL_MS,
  ) {}

  /** The badge of the member's worn medal, as a line in the room of `roomOwnerId` shows it (lit when it is that anchor's: the line is an interaction). */
  badgeOf(memberId: number, roomOwnerId: number | null): ChatMedalBadge | null | Promise<ChatMedalBadge | null> {
    const entry = this.entry(memberId);
    if (entry.settled !== undefined) return this.badge(entry.settled, roomOwnerId);
    return entry.value.then((worn) => this.badge(worn, roomOwnerId));
  }

  /** The member's worn medal (cached). */
  wornBy(memberId: number): Promise<WornMedal | null> {
    return this.entry(memberId).value;
  }

  /** Intimacy or the last interaction of a pair moved (this node's award): a cached worn entry of that pair follows. */
  progressed(memberId: number, anchorId: number, intimacy: number, lastInteractionAt: number): void {
    const entry = this.members.get(memberId);
    if (entry?.settled === undefined || entry.settled === null || entry.settled.anchorId !== anchorId) return;
    const next = { ...entry.settled, intimacy, lastInteractionAt };
    this.members.set(memberId, { value: Promise.resolve(next), settled: next, expiresAt: entry.expiresAt });
  }

  /** The member's worn medal changed (a wear on any node, a gift, a guard): read again when next asked. */
  forget(memberId: number): void {
    this.members.delete(memberId);
  }

  /** An anchor renamed the medal (on any node): the entries wearing it here take the new name. */
  renamed(anchorId: number, name: string): void {
    for (const [memberId, entry] of this.members) {
      if (entry.settled?.anchorId === anchorId) {
        const next = { ...entry.settled, name };
        this.members.set(memberId, { value: Promise.resolve(next), settled: next, expiresAt: entry.expiresAt });
      }
    }
  }

  /** Housekeeping: expired entries dropped. */
  sweep(now = this.clock().getTime()): void {
    for (const [memberId, entry] of this.members) if (entry.expiresAt <= now) this.members.delete(memberId);
  }

  private badge(worn: WornMedal | null, roomOwnerId: number | null): ChatMedalBadge | null {
    if (worn === null) return null;
    const lit = worn.anchorId === roomOwnerId || fanMedalLit(worn.lastInteractionAt, this.clock().getTime());
    return { name: worn.name, level: fanMedalLevelOf(worn.intimacy), lit };
  }

  private entry(memberId: number): Entry {
    const now = this.clock().getTime();
    const cached = this.members.get(memberId);
    if (cached !== undefined && cached.expiresAt > now) return cached;
    const entry: Entry = { value: this.read(memberId), expiresAt: now + this.ttlMs };
    entry.value.then(
      (worn) => {
        entry.settled = worn;
      },
      () => {
        if (this.members.get(memberId) === entry) this.members.delete(memberId);
      },
    );
    this.members.set(memberId, entry);
    return entry;
  }

  /** The member's worn medal from the database (the bench serves it from memory). */
  protected async read(memberId: number): Promise<WornMedal | null> {
    const row = await this.db
      .selectFrom('fan_medal_worn as worn')
      .innerJoin('fan_medal as medal', (join) => join.onRef('medal.member_id', '=', 'worn.member_id').onRef('medal.anchor_id', '=', 'worn.anchor_id'))
      .innerJoin('app_user as anchor', 'anchor.id', 'worn.anchor_id')
      .leftJoin('fan_medal_name as named', 'named.anchor_id', 'worn.anchor_id')
      .select(['worn.anchor_id', 'medal.intimacy', 'medal.last_interaction_at', sql<string>`coalesce(named.name, ${defaultMedalName})`.as('name')])
      .where('worn.member_id', '=', memberId)
      .executeTakeFirst();
    if (row === undefined) return null;
    return { anchorId: Number(row.anchor_id), name: row.name, intimacy: Number(row.intimacy), lastInteractionAt: row.last_interaction_at.getTime() };
  }
}
