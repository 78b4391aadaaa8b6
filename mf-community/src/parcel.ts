import { createRemoteParcel } from '@sports/shared/parcel';
import { routes } from './routes';

/** single-spa lifecycles: mount mf-community alone, in its own React root (`mf_community/parcel`). */
export const { bootstrap, mount, unmount, update } = createRemoteParcel(routes);
