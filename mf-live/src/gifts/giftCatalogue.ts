import { useLoad, type ApiClient, type Gift } from '@sports/shared';
import { liveApi } from '../api/liveApi';

/** One request per page for the gift catalogue (`api/Gift/getList`): the bar's shortcuts and the picker share it. */
const catalogues = new WeakMap<ApiClient, Promise<Gift[]>>();

function loadCatalogue(api: ApiClient): Promise<Gift[]> {
  const known = catalogues.get(api);
  if (known) return known;
  const loading = liveApi(api).giftList();
  catalogues.set(api, loading);
  // A failed answer is not kept: 重试 asks again.
  loading.catch(() => catalogues.delete(api));
  return loading;
}

/** The gifts on offer, loaded once per page and shared by every component that shows them. */
export function useGiftCatalogue(api: ApiClient) {
  return useLoad('gifts', () => loadCatalogue(api));
}
