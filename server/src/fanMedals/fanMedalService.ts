import {
  FAN_MEDAL_NAME_MAX,
  FAN_MEDAL_NAME_MIN,
  type FanMedalList,
  type FanMedalRoomFans,
  type FanMedalSetNameResult,
  fanMedalLevelOf,
  fanMedalLit,
  fanMedalNameLength,
  fanMedalNextLevelAt,
} from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaDate } from '../infra/chinaTime';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { FanMedalsConfig } from './fanMedalsConfig';
import { defaultMedalName } from './wornMedals';

/** A medal name: Chinese characters, letters and digits only (no spaces, punctuation or symbols). */
const NAME_CHARACTERS = /^[\p{Script=Han}A-Za-z0-9]+$/u;
/** The most medals `api/FanMedal/list` answers (highest intimacy first). */
export const FAN_MEDAL_LIST_MAX = 200;
const FANS_PAGE_DEFAULT = 20;

/**
 * The medals' reads and the member's and anchor's changes (api/FanMedal/*; fanMedals/README.md).
 * Intimacy itself moves in FanMedalAwards and in the database's gift and guard triggers.
 */
export class FanMedalService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: FanMedalsConfig,
  ) {}

  /** The member's medals, highest intimacy first, with the worn one marked. */
  async list(memberId: number): Promise<FanMedalList> {
    const now = this.clock();
    const today = chinaDate(now);
    const [rows, worn] = await Promise.all([
      this.db
        .selectFrom('fan_medal as medal')
        .innerJoin('app_user as anchor', 'anchor.id', 'medal.anchor_id')
        .leftJoin('fan_medal_name as named', 'named.anchor_id', 'medal.anchor_id')
        .select([
          'medal.anchor_id',
          'anchor.user_nickname',
          'anchor.avatar',
          'medal.intimacy',
          'medal.last_interaction_at',
          sql<string>`coalesce(named.name, ${defaultMedalName})`.as('name'),
          sql<number>`case when medal.day = ${today}::date then medal.watch_today else 0 end`.as('today_watch'),
          sql<number>`case when medal.day = ${today}::date then medal.chat_today else 0 end`.as('today_chat'),
          (eb) => eb.selectFrom('live_room').select('live_room.id').whereRef('live_room.owner_id', '=', 'medal.anchor_id').orderBy('live_room.id').limit(1).as('room_id'),
        ])
        .where('medal.member_id', '=', memberId)
        .orderBy('medal.intimacy', 'desc')
        .orderBy('medal.anchor_id')
        .limit(FAN_MEDAL_LIST_MAX)
        .execute(),
      this.db.selectFrom('fan_medal_worn').select('anchor_id').where('member_id', '=', memberId).executeTakeFirst(),
    ]);
    const wornAnchor = worn === undefined ? null : Number(worn.anchor_id);
    return {
      list: rows.map((row) => {
        const intimacy = Number(row.intimacy);
        return {
          anchor_id: Number(row.anchor_id),
          anchor_nickname: row.user_nickname,
          anchor_avatar: row.avatar,
          room_id: row.room_id === null || row.room_id === undefined ? null : Number(row.room_id),
          name: row.name,
          intimacy,
          level: fanMedalLevelOf(intimacy),
          next_level_at: fanMedalNextLevelAt(intimacy),
          lit: fanMedalLit(row.last_interaction_at.getTime(), now.getTime()) ? 1 : 0,
          last_interaction_at: row.last_interaction_at.toISOString(),
          worn: Number(row.anchor_id) === wornAnchor ? 1 : 0,
          today_watch: Number(row.today_watch),
          today_chat: Number(row.today_chat),
        };
      }),
      worn_anchor_id: wornAnchor,
      watch_cap: this.config.watchPerDay,
      chat_cap: this.config.chatPerDay,
    };
  }

  /** Wears the member's medal of `anchorId` (it must exist), or takes the worn one off (null). */
  async wear(memberId: number, anchorId: number | null, now = this.clock()): Promise<number | null> {
    if (anchorId === null) {
      await this.db.deleteFrom('fan_medal_worn').where('member_id', '=', memberId).execute();
      return null;
    }
    const worn = await sql<{ anchor_id: string }>`
      insert into fan_medal_worn (member_id, anchor_id, worn_at)
      select member_id, anchor_id, ${now}::timestamptz from fan_medal where member_id = ${memberId} and anchor_id = ${anchorId}
      on conflict (member_id) do update set anchor_id = excluded.anchor_id, worn_at = excluded.worn_at
      returning anchor_id`.execute(this.db);
    if (worn.rows.length === 0) throw errors.FAN_MEDAL_NOT_OWNED();
    return anchorId;
  }

  /** The anchor of a room (the fans list by room_id). */
  async anchorOfRoom(roomId: number): Promise<number> {
    const room = await this.db.selectFrom('live_room').select('owner_id').where('id', '=', roomId).executeTakeFirst();
    if (room === undefined) throw errors.FAN_MEDAL_ANCHOR_NOT_FOUND();
    return Number(room.owner_id);
  }

  /**
   * The anchor's fans list (粉丝榜): highest intimacy first, then who has the member id first
   * (index fan_medal_fans), by keyset: the cursor is `<intimacy>.<member id>.<rank of the last>`.
   */
  async roomFans(anchorId: number, cursor: string | undefined, limit = FANS_PAGE_DEFAULT): Promise<FanMedalRoomFans> {
    const anchor = await this.db
      .selectFrom('app_user as anchor')
      .leftJoin('fan_medal_name as named', 'named.anchor_id', 'anchor.id')
      .select(['anchor.id', 'named.name as set_name', sql<string>`${defaultMedalName}`.as('default_name')])
      .where('anchor.id', '=', anchorId)
      .executeTakeFirst();
    if (anchor === undefined) throw errors.FAN_MEDAL_ANCHOR_NOT_FOUND();
    const after = cursor === undefined ? null : cursor.split('.').map(Number);
    let query = this.db
      .selectFrom('fan_medal as medal')
      .innerJoin('app_user as fan', 'fan.id', 'medal.member_id')
      .select(['medal.member_id', 'fan.user_nickname', 'fan.avatar', 'medal.intimacy', 'medal.last_interaction_at'])
      .where('medal.anchor_id', '=', anchorId);
    if (after !== null) {
      const [intimacy, memberId] = after as [number, number];
      query = query.where((eb) => eb.or([eb('medal.intimacy', '<', intimacy), eb.and([eb('medal.intimacy', '=', intimacy), eb('medal.member_id', '>', memberId)])]));
    }
    const [rows, total] = await Promise.all([
      query.orderBy('medal.intimacy', 'desc').orderBy('medal.member_id').limit(limit + 1).execute(),
      this.db.selectFrom('fan_medal').select((eb) => eb.fn.countAll<string>().as('n')).where('anchor_id', '=', anchorId).executeTakeFirstOrThrow(),
    ]);
    const now = this.clock().getTime();
    const rankBefore = after === null ? 0 : (after[2] as number);
    const page = rows.slice(0, limit);
    const list = page.map((row, index) => {
      const intimacy = Number(row.intimacy);
      return {
        rank: rankBefore + index + 1,
        user_id: Number(row.member_id),
        user_nickname: row.user_nickname,
        avatar: row.avatar,
        intimacy,
        level: fanMedalLevelOf(intimacy),
        lit: fanMedalLit(row.last_interaction_at.getTime(), now) ? (1 as const) : (0 as const),
      };
    });
    const last = list[list.length - 1];
    return {
      anchor_id: anchorId,
      name: anchor.set_name ?? anchor.default_name,
      named: anchor.set_name === null ? 0 : 1,
      total: Number(total.n),
      list,
      next_cursor: rows.length > limit && last !== undefined ? `${last.intimacy}.${last.user_id}.${last.rank}` : null,
    };
  }

  /** The anchor names the medal: 2-4 characters (Chinese, letters, digits), through the word filter. */
  async setName(userId: number, raw: string, allowed: (text: string) => boolean): Promise<FanMedalSetNameResult> {
    const user = await this.db.selectFrom('app_user').select('is_anchor').where('id', '=', userId).executeTakeFirst();
    if (user === undefined || user.is_anchor !== 1) throw errors.FAN_MEDAL_NOT_ANCHOR();
    const name = raw.trim();
    const length = fanMedalNameLength(name);
    if (length < FAN_MEDAL_NAME_MIN || length > FAN_MEDAL_NAME_MAX) throw errors.FAN_MEDAL_NAME_LENGTH();
    if (!NAME_CHARACTERS.test(name)) throw errors.FAN_MEDAL_NAME_CHARACTERS();
    if (!allowed(name)) throw errors.FAN_MEDAL_NAME_REFUSED();
    const now = this.clock();
    await this.db
      .insertInto('fan_medal_name')
      .values({ anchor_id: userId, name, updated_at: now })
      .onConflict((oc) => oc.column('anchor_id').doUpdateSet({ name, updated_at: now }))
      .execute();
    return { anchor_id: userId, name };
  }
}
