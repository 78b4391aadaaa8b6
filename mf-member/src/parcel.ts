import { createRemoteParcel } from '@sports/shared/parcel';
import { routes } from './routes';

/** single-spa lifecycles: mount mf-member alone, in its own React root (`mf_member/parcel`). */
export const { bootstrap, mount, unmount, update } = createRemoteParcel(routes);
