// @sports/shared/pageKit (issue 38): the remote kit's parts that pages use and the home page
// (the host's shell and every home widget) does not: popovers and sheets, switches, the pager,
// cursor lists, the narrow-screen hook, the coming-soon page. A page singleton of its own, outside
// the root entry (loaded whole on every first visit): a page that imports it loads it once, then
// every remote shares that copy. What it takes from the rest of the kit it imports from
// '@sports/shared' by name, so the page has one copy of that.
export * from './ComingSoonPage';
export * from './Pager';
export * from './Popover';
export * from './Sheet';
export * from './Switch';
export * from './useCursorList';
export * from './useNarrowScreen';
