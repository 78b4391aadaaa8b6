export { messagesPlugin, type MessagesPluginOptions, type MessagesPort } from './messagesPlugin';
export { type NewMessage, tellMember, tellMembersSelect } from './messageWrites';
export { MessageSignals } from './messageSignals';
