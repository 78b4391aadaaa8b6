import { CHAT_HISTORY_LIMIT, type ChatClientFrame, type ChatGroupMessage } from '@sports/shared/server';
import type { ChatBus } from './chatBus';
import type { ChatConnection, ChatIdentity } from './chatConnection';
import type { ChatDirectory } from './chatDirectory';
import { ChatGroup } from './chatGroup';
import { chatMessages } from './chatMessages';
import { ref, reply, replyError } from './chatReplies';

/**
 * The longest a busy group waits between writes; it waits as long as its last write took, up to
 * this (chatGroup.ts). At 40 messages/s to 5,000 members this halves the writes: measured p99
 * 134-152 ms against 222-332 ms writing every message at once (bench:chat, 2 cores); a room of a
 * few hundred is barely delayed.
 */
export const DEFAULT_CHAT_FLUSH_MS = 50;

export interface ChatMembershipOptions {
  directory: ChatDirectory;
  bus: ChatBus;
  /** The longest a busy group waits between writes (default DEFAULT_CHAT_FLUSH_MS). */
  flushIntervalMs?: number;
  /** Groups one connection may be in at once (default 5). */
  maxGroupsPerConnection?: number;
  /** Called when the members of a group on this node changed (presence reports). */
  onChange: () => void;
  /** A member's first connection on this node joined the group (the guard entry notice, chatGuards.ts). */
  onMemberJoined?: (groupId: string, memberId: number, nickname: string) => void;
}

/**
 * The groups on this node: who is in which (join, quit, a closed connection leaving all), the
 * groups anchors created, each group's kept history for joiners, and delivering the bus's
 * messages to the group's members (chatGroup.ts writes them).
 */
export class ChatMembership {
  private readonly groups = new Map<string, ChatGroup>();
  /** Groups anchors created with create-group (without a live room row yet). */
  private readonly createdGroups = new Set<string>();

  constructor(private readonly options: ChatMembershipOptions) {}

  /** Distinct identities in the group on this node. */
  memberCount(groupId: string): number {
    return this.groups.get(groupId)?.memberCount ?? 0;
  }

  /** The signed-in members (app_user ids) in each group with anyone in it on this node. */
  membersByGroup(): Map<string, number[]> {
    const members = new Map<string, number[]>();
    for (const [groupId, group] of this.groups) {
      const ids = [...group.members.keys()].filter((userId) => /^[1-9][0-9]{0,15}$/.test(userId)).map(Number);
      if (ids.length > 0) members.set(groupId, ids);
    }
    return members;
  }

  /** Members per group with anyone in it on this node (the presence report). */
  memberCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [groupId, group] of this.groups) if (group.memberCount > 0) counts[groupId] = group.memberCount;
    return counts;
  }

  /**
   * A message from the bus. Returns true when the group has members here (it was fanned out);
   * for a group nobody on this node is in, only the history matters.
   */
  deliver(message: ChatGroupMessage, keep: boolean): boolean {
    const group = this.groups.get(message.groupId);
    if (group === undefined) {
      if (keep) this.groupOf(message.groupId).deliver(message, true);
      return false;
    }
    group.deliver(message, keep);
    return true;
  }

  async join(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'join' }>): Promise<void> {
    const { groupId } = frame;
    const already = connection.groups.has(groupId);
    if (!already) {
      if (connection.groups.size >= (this.options.maxGroupsPerConnection ?? 5)) return replyError(connection, frame.ref, 'too-many-groups', chatMessages.tooManyGroups);
      if (!(await this.groupExists(groupId))) return replyError(connection, frame.ref, 'no-such-group', chatMessages.noSuchGroup);
    }
    const group = this.groupOf(groupId);
    await group.loadHistory(() => this.options.bus.history(groupId, CHAT_HISTORY_LIMIT));
    if (!connection.isOpen || connection.identity !== identity) return;
    connection.groups.add(groupId);
    const firstHere = group.add(identity.userId, connection);
    // Joined before (or on another tab of the same identity): the status Tencent answers too.
    const status = already || !firstHere ? 'already-in-group' : 'success';
    reply(connection, { type: 'join-status', groupId, status, ...ref(frame.ref) });
    // Written before any later broadcast: the next flush of the group comes after this frame.
    reply(connection, { type: 'history', groupId, messages: group.recentMessages() });
    if (status === 'success') this.options.onChange();
    if (status === 'success' && identity.memberId !== null) this.options.onMemberJoined?.(groupId, identity.memberId, connection.profile.nickname);
  }

  quit(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'quit' }>): void {
    if (connection.groups.delete(frame.groupId)) {
      this.groups.get(frame.groupId)?.remove(identity.userId, connection);
      this.options.onChange();
    }
    reply(connection, { type: 'quit-done', groupId: frame.groupId, ...ref(frame.ref) });
  }

  /** A closed connection leaves every group it was in. */
  leaveAll(connection: ChatConnection, identity: ChatIdentity): void {
    for (const groupId of connection.groups) this.groups.get(groupId)?.remove(identity.userId, connection);
    connection.groups.clear();
    this.options.onChange();
  }

  async createGroup(connection: ChatConnection, identity: ChatIdentity, frame: Extract<ChatClientFrame, { type: 'create-group' }>): Promise<void> {
    if (identity.memberId === null || identity.userId !== frame.ownerUserId) return replyError(connection, frame.ref, 'forbidden', chatMessages.notYourGroup);
    const user = await this.options.directory.user(identity.memberId);
    const room = await this.options.directory.room(frame.ownerUserId);
    if (room === null && user?.isAnchor !== true) return replyError(connection, frame.ref, 'forbidden', chatMessages.notAnchor);
    this.createdGroups.add(frame.ownerUserId);
    reply(connection, { type: 'group-created', groupId: frame.ownerUserId, ...ref(frame.ref) });
  }

  /** Housekeeping: groups with nobody in them and nothing kept are dropped. */
  sweep(): void {
    for (const [groupId, group] of this.groups) {
      if (group.memberCount === 0 && group.recentMessages().length === 0) {
        group.dispose();
        this.groups.delete(groupId);
      }
    }
  }

  dispose(): void {
    for (const group of this.groups.values()) group.dispose();
  }

  private async groupExists(groupId: string): Promise<boolean> {
    if (this.createdGroups.has(groupId)) return true;
    return (await this.options.directory.room(groupId)) !== null;
  }

  private groupOf(groupId: string): ChatGroup {
    let group = this.groups.get(groupId);
    if (group === undefined) {
      group = new ChatGroup(groupId, CHAT_HISTORY_LIMIT, this.options.flushIntervalMs ?? DEFAULT_CHAT_FLUSH_MS);
      this.groups.set(groupId, group);
    }
    return group;
  }
}
