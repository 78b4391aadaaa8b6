import { createRemoteParcel } from '@sports/shared/parcel';
import { routes } from './routes';

/** single-spa lifecycles: mount mf-live alone, in its own React root (`mf_live/parcel`). */
export const { bootstrap, mount, unmount, update } = createRemoteParcel(routes);
