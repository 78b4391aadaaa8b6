import { createRemoteParcel } from '@sports/shared/parcel';
import { routes } from './routes';

/** single-spa lifecycles: mount mf-scores alone, in its own React root (`mf_scores/parcel`). */
export const { bootstrap, mount, unmount, update } = createRemoteParcel(routes);
