// The search domain's surface.
export { searchPlugin } from './searchPlugin';
