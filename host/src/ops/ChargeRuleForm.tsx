import { useEffect, useState, type FormEvent } from 'react';
import type { OpsChargeRule, SaveChargeRuleRequest } from '@sports/shared';
import { DialogButton } from '../feedback/DialogButton';
import { EMPTY_CHARGE_RULE_FORM, formOf, toSaveRequest, validateChargeRuleForm, type ChargeRuleFormErrors, type ChargeRuleFormValues } from './chargeRuleForm';
import { chargeRulesCopy as text } from './chargeRulesCopy';
import { OpsField } from './OpsField';
import { ErrorText, Fieldset, StatusText, SubmitButton, Toolbar } from './opsStyles';
import type { ChangeOutcome } from './useActivityBanners';

export interface ChargeRuleFormProps {
  /** The package being edited, or null for a new one. */
  editing: OpsChargeRule | null;
  onSave: (request: SaveChargeRuleRequest) => Promise<ChangeOutcome>;
  onCancelEdit: () => void;
}

/** Create or edit a recharge package: the price in yuan (sent as integer fen), coins, bonus, order, on sale or not. */
export function ChargeRuleForm({ editing, onSave, onCancelEdit }: ChargeRuleFormProps) {
  const [values, setValues] = useState<ChargeRuleFormValues>(EMPTY_CHARGE_RULE_FORM);
  const [errors, setErrors] = useState<ChargeRuleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    setValues(editing ? formOf(editing) : EMPTY_CHARGE_RULE_FORM);
    setErrors({});
    setOutcome(null);
  }, [editing]);

  const field = (name: Exclude<keyof ChargeRuleFormValues, 'enabled'>) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChargeRuleForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    const error = await onSave(toSaveRequest(values, editing?.id ?? null));
    setBusy(false);
    if (error) {
      setOutcome({ ok: false, message: error });
      return;
    }
    setOutcome({ ok: true, message: text.saved });
    if (editing) onCancelEdit();
    else setValues(EMPTY_CHARGE_RULE_FORM);
  };

  const legend = editing ? text.editLegend(editing.id) : text.createLegend;
  return (
    <form onSubmit={submit} aria-label={legend} noValidate data-testid="charge-rule-form">
      <Fieldset disabled={busy}>
        <legend>{legend}</legend>
        <OpsField label={text.price} value={values.priceYuan} onValueChange={field('priceYuan')} inputMode="decimal" maxLength={9} error={errors.priceYuan ?? null} />
        <OpsField label={text.coins} value={values.coins} onValueChange={field('coins')} inputMode="numeric" maxLength={9} error={errors.coins ?? null} />
        <OpsField label={text.bonus} value={values.bonusCoins} onValueChange={field('bonusCoins')} inputMode="numeric" maxLength={9} error={errors.bonusCoins ?? null} />
        <OpsField label={text.sort} value={values.sort} onValueChange={field('sort')} inputMode="numeric" maxLength={4} error={errors.sort ?? null} />
        <label data-inline>
          <input type="checkbox" checked={values.enabled} onChange={(event) => setValues((current) => ({ ...current, enabled: event.target.checked }))} />
          {text.enabled}
        </label>
        <Toolbar>
          <SubmitButton type="submit" data-variant="primary">
            {text.save}
          </SubmitButton>
          {editing && (
            <DialogButton type="button" onClick={onCancelEdit}>
              {text.cancelEdit}
            </DialogButton>
          )}
        </Toolbar>
        {outcome && (outcome.ok ? <StatusText role="status">{outcome.message}</StatusText> : <ErrorText role="alert">{outcome.message}</ErrorText>)}
      </Fieldset>
    </form>
  );
}
