import { startRemoteHarness } from '@sports/shared/parcel';
import * as parcel from '../parcel';
import { routes } from '../routes';

const mountElement = document.getElementById('root');
if (!mountElement) throw new Error('harness.html has no #root element');
startRemoteHarness({ parcel, routes, mountElement });
