import { useCallback, useEffect, useState } from 'react';
import type { OpsChargeRule, SaveChargeRuleRequest } from '@sports/shared';
import type { OpsApi } from './opsApi';
import { failureMessage } from './opsFailure';
import type { ChangeOutcome } from './useActivityBanners';

/** Every recharge package, and saving one (create, update, enable / disable), then reloading. */
export function useChargeRules(api: OpsApi, onForbidden: () => void) {
  const [rules, setRules] = useState<OpsChargeRule[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setRules(await api.chargeRules());
      setLoadError(null);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  }, [api, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const save = useCallback(
    async (request: SaveChargeRuleRequest): Promise<ChangeOutcome> => {
      try {
        await api.saveChargeRule(request);
      } catch (error) {
        return failureMessage(error, onForbidden);
      }
      await reload();
      return null;
    },
    [api, onForbidden, reload],
  );

  return { rules, loadError, reload, save };
}
