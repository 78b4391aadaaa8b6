import type { OpsChargeRule, SaveChargeRuleRequest } from '@sports/shared';
import { EMPTY_CHARGE_RULE_FORM, formOf, toSaveRequest, validateChargeRuleForm, type ChargeRuleFormValues } from './chargeRuleForm';
import { chargeRulesCopy as text } from './chargeRulesCopy';
import { OpsField } from './OpsField';
import { OpsEditFormFrame, useOpsEditForm } from './OpsEditForm';
import type { ChangeOutcome } from './useActivityBanners';

export interface ChargeRuleFormProps {
  /** The package being edited, or null for a new one. */
  editing: OpsChargeRule | null;
  onSave: (request: SaveChargeRuleRequest) => Promise<ChangeOutcome>;
  onCancelEdit: () => void;
}

/** Create or edit a recharge package: the price in yuan (sent as integer fen), coins, bonus, order, on sale or not. */
export function ChargeRuleForm({ editing, onSave, onCancelEdit }: ChargeRuleFormProps) {
  const { values, setValues, errors, busy, outcome, submit } = useOpsEditForm({
    editing,
    empty: EMPTY_CHARGE_RULE_FORM,
    formOf,
    validate: validateChargeRuleForm,
    toRequest: toSaveRequest,
    onSave,
    onCancelEdit,
    saved: text.saved,
  });

  const field = (name: Exclude<keyof ChargeRuleFormValues, 'enabled'>) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const legend = editing ? text.editLegend(editing.id) : text.createLegend;
  return (
    <OpsEditFormFrame legend={legend} testId="charge-rule-form" busy={busy} editing={editing !== null} outcome={outcome} submit={submit} onCancelEdit={onCancelEdit} copy={text}>
      <OpsField label={text.price} value={values.priceYuan} onValueChange={field('priceYuan')} inputMode="decimal" maxLength={9} error={errors.priceYuan ?? null} />
      <OpsField label={text.coins} value={values.coins} onValueChange={field('coins')} inputMode="numeric" maxLength={9} error={errors.coins ?? null} />
      <OpsField label={text.bonus} value={values.bonusCoins} onValueChange={field('bonusCoins')} inputMode="numeric" maxLength={9} error={errors.bonusCoins ?? null} />
      <OpsField label={text.sort} value={values.sort} onValueChange={field('sort')} inputMode="numeric" maxLength={4} error={errors.sort ?? null} />
      <label data-inline>
        <input type="checkbox" checked={values.enabled} onChange={(event) => setValues((current) => ({ ...current, enabled: event.target.checked }))} />
        {text.enabled}
      </label>
    </OpsEditFormFrame>
  );
}
