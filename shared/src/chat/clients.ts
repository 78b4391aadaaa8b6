// @sports/shared/chat: the chat clients (built-in, Tencent IM with tim-js-sdk loaded at its first
// login) and the room's ChatSession. Not in the browser entry (issue 16): the entry is a page
// singleton that ships whole on every first visit, and only a live room opens chat, so mf-live's
// room imports this subpath and webpack bundles it into the room's own chunk. What must be one
// copy in the page (the store's atoms) ChatSession reaches through '@sports/shared' by name;
// the clients hold no module state.
export * from './builtinChatClient';
export * from './chatSession';
export * from './tencentChatClient';
export * from './createChatClient';
