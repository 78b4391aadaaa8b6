import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';

export interface ChatRoomInfo {
  roomId: number;
  ownerId: number;
  title: string;
  placard: string;
  isOpen: boolean;
}

export interface ChatUserInfo {
  nickname: string;
  avatar: string;
  isAnchor: boolean;
  /** Exp total (the level badge); re-read with the rest of the row (cached a minute). */
  exp: number;
}

interface Entry<Value> {
  value: Promise<Value>;
  expiresAt: number;
}

/** How long a looked-up row is trusted without an event (events replace entries at once). */
export const DIRECTORY_TTL_MS = 60_000;

/**
 * What the chat reads from PostgreSQL — rooms by owner, users' names, a room's admins and mutes —
 * cached, because every message needs the sender's role and mute state. The room events replace
 * the admins and mutes entries as they happen (app.roomEvents, relayed between nodes), so a mute
 * applies to the very next message; the TTL bounds staleness of anything changed elsewhere.
 */
export class ChatDirectory {
  private readonly rooms = new Map<string, Entry<ChatRoomInfo | null>>();
  private readonly groupOfRoom = new Map<number, string>();
  private readonly users = new Map<number, Entry<ChatUserInfo | null>>();
  private readonly admins = new Map<number, Entry<Set<number>>>();
  private readonly mutes = new Map<number, Entry<Map<number, Date | null>>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = DIRECTORY_TTL_MS,
  ) {}

  /** The live room whose group this is (group id = the owner's user id), or null. */
  room(groupId: string): Promise<ChatRoomInfo | null> {
    return this.cached(this.rooms, groupId, async () => {
      const row = await this.db
        .selectFrom('live_room')
        .select(['id', 'owner_id', 'title', 'placard', 'is_open'])
        .where('owner_id', '=', Number(groupId))
        .executeTakeFirst();
      if (row === undefined) return null;
      const info = { roomId: Number(row.id), ownerId: Number(row.owner_id), title: row.title, placard: row.placard, isOpen: row.is_open };
      this.groupOfRoom.set(info.roomId, String(info.ownerId));
      return info;
    });
  }

  /** The group of a room id, by the database when not seen yet. */
  async groupOfRoomId(roomId: number): Promise<string | null> {
    const known = this.groupOfRoom.get(roomId);
    if (known !== undefined) return known;
    const row = await this.db.selectFrom('live_room').select('owner_id').where('id', '=', roomId).executeTakeFirst();
    if (row === undefined) return null;
    this.groupOfRoom.set(roomId, String(row.owner_id));
    return String(row.owner_id);
  }

  /** Synchronous: the group of a room seen before (joined, or named by an event). */
  knownGroupOfRoom(roomId: number): string | undefined {
    return this.groupOfRoom.get(roomId);
  }

  user(userId: number): Promise<ChatUserInfo | null> {
    return this.cached(this.users, userId, async () => {
      const row = await this.db.selectFrom('app_user').select(['user_nickname', 'avatar', 'is_anchor', 'exp']).where('id', '=', userId).executeTakeFirst();
      return row === undefined ? null : { nickname: row.user_nickname, avatar: row.avatar, isAnchor: row.is_anchor === 1, exp: row.exp };
    });
  }

  /** The user's row read again now (a member asking for their chat profile: a rename shows at once). */
  reloadUser(userId: number): Promise<ChatUserInfo | null> {
    this.users.delete(userId);
    return this.user(userId);
  }

  roomAdmins(roomId: number): Promise<Set<number>> {
    return this.cached(this.admins, roomId, async () => {
      const rows = await this.db.selectFrom('live_room_admin').select('user_id').where('room_id', '=', roomId).execute();
      return new Set(rows.map((row) => Number(row.user_id)));
    });
  }

  /** Undefined: not muted; null: muted until lifted; a date: muted until then. */
  async muteOf(roomId: number, userId: number): Promise<Date | null | undefined> {
    const mutes = await this.roomMutes(roomId);
    if (!mutes.has(userId)) return undefined;
    const until = mutes.get(userId) ?? null;
    return until === null || until.getTime() > this.clock().getTime() ? until : undefined;
  }

  private roomMutes(roomId: number): Promise<Map<number, Date | null>> {
    return this.cached(this.mutes, roomId, async () => {
      const rows = await this.db.selectFrom('live_room_mute').select(['user_id', 'until']).where('room_id', '=', roomId).execute();
      return new Map(rows.map((row) => [Number(row.user_id), row.until]));
    });
  }

  // ---- Updates from room events (this node's or another's) ----

  noteRoom(roomId: number, ownerId: number): void {
    this.groupOfRoom.set(roomId, String(ownerId));
  }

  applyMuted(roomId: number, userId: number, until: Date | null): void {
    // The event wins over whatever the database said a moment ago (its write may still be in flight).
    this.updateMutes(roomId, (mutes) => mutes.set(userId, until));
  }

  applyUnmuted(roomId: number, userId: number): void {
    this.updateMutes(roomId, (mutes) => mutes.delete(userId));
  }

  private updateMutes(roomId: number, change: (mutes: Map<number, Date | null>) => void): void {
    const loaded = this.roomMutes(roomId);
    const value = loaded.then((mutes) => {
      const next = new Map(mutes);
      change(next);
      return next;
    });
    this.mutes.set(roomId, { value, expiresAt: this.now() + this.ttlMs });
    value.catch(() => {
      if (this.mutes.get(roomId)?.value === value) this.mutes.delete(roomId);
    });
  }

  applyAdmins(roomId: number, adminIds: number[]): void {
    this.admins.set(roomId, { value: Promise.resolve(new Set(adminIds)), expiresAt: this.now() + this.ttlMs });
  }

  applyRoomChanged(ownerId: number, room: ChatRoomInfo): void {
    this.noteRoom(room.roomId, ownerId);
    this.rooms.set(String(ownerId), { value: Promise.resolve(room), expiresAt: this.now() + this.ttlMs });
  }

  /** A room's cached state without a lookup (to tell what a roomChanged event changed). */
  async cachedRoom(groupId: string): Promise<ChatRoomInfo | null | undefined> {
    const entry = this.rooms.get(groupId);
    return entry === undefined ? undefined : entry.value.catch(() => undefined);
  }

  forgetUser(userId: number): void {
    this.users.delete(userId);
  }

  private now(): number {
    return this.clock().getTime();
  }

  private cached<Key, Value>(map: Map<Key, Entry<Value>>, key: Key, load: () => Promise<Value>): Promise<Value> {
    const entry = map.get(key);
    const now = this.now();
    if (entry !== undefined && entry.expiresAt > now) return entry.value;
    const value = load();
    map.set(key, { value, expiresAt: now + this.ttlMs });
    // A failed lookup is not cached: the next message tries again.
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }
}
