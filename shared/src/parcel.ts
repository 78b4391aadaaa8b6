// @sports/shared/parcel: a remote's single-spa lifecycles (its `./parcel` expose) and its dev
// harness. Not in the browser entry (issue 16): the entry is a page singleton that ships whole on
// every first visit, and single-spa + single-spa-react are only for a remote mounted alone. Each
// remote's `parcel.ts` and `harness/` import this subpath, which webpack bundles into that
// remote's own chunks; these files reach the singleton (RemoteRoot, the store, the api client)
// through '@sports/shared' by name, so the page keeps one copy of it.
export { createRemoteParcel } from './remoteKit/createRemoteParcel';
export { startRemoteHarness, type RemoteHarnessOptions } from './remoteKit/startRemoteHarness';
