// The member domain's surface.
export { memberPlugin } from './memberPlugin';
