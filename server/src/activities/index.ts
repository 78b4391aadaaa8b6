// The activities domain's surface.
export { type ActivitiesPluginOptions, activitiesPlugin } from './activitiesPlugin';
