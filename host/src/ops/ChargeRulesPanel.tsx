import { useId, useState } from 'react';
import styled from 'styled-components';
import type { OpsChargeRule } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ChargeRuleForm } from './ChargeRuleForm';
import { fenToYuanText, toggledRequest } from './chargeRuleForm';
import { chargeRulesCopy as text } from './chargeRulesCopy';
import { ColumnHeaders } from './ColumnHeaders';
import type { OpsApi } from './opsApi';
import { ErrorText, Muted, Panel, Table, TableScroll, Toolbar } from './opsStyles';
import type { ChangeOutcome } from './useActivityBanners';
import { useChargeRules } from './useChargeRules';

const RuleTable = styled(Table)`
  [data-actions] {
    display: flex;
    gap: 6px;
  }
`;

const FormBox = styled.div`
  max-width: 420px;
  margin-top: 16px;

  label[data-inline] {
    flex-direction: row;
    align-items: center;
  }

  input[type='checkbox'] {
    width: 18px;
    height: 18px;
  }
`;

function ChargeRuleRow({ rule, onEdit, onToggle }: { rule: OpsChargeRule; onEdit: (rule: OpsChargeRule) => void; onToggle: (rule: OpsChargeRule) => Promise<ChangeOutcome> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const price = text.yuan(fenToYuanText(rule.price_fen));
  const toggle = async () => {
    setBusy(true);
    setError(await onToggle(rule));
    setBusy(false);
  };
  return (
    <tr data-testid={`charge-rule-row-${rule.id}`}>
      <td data-numeric>{price}</td>
      <td data-numeric>{rule.coins}</td>
      <td data-numeric>{rule.bonus_coins}</td>
      <td data-testid={`charge-rule-status-${rule.id}`}>{rule.enabled ? text.statuses.enabled : text.statuses.disabled}</td>
      <td data-numeric>{rule.sort}</td>
      <td>
        <div role="group" aria-label={`${text.columns.actions} ${price}`} data-actions>
          <DialogButton type="button" onClick={() => onEdit(rule)} data-testid={`charge-rule-edit-${rule.id}`}>
            {text.edit}
          </DialogButton>
          <DialogButton type="button" disabled={busy} onClick={() => void toggle()} data-testid={`charge-rule-toggle-${rule.id}`}>
            {rule.enabled ? text.disable : text.enable}
          </DialogButton>
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </td>
    </tr>
  );
}

/**
 * Recharge packages for ops (`api/ops/chargeRules`): every package, on sale or not, in the order
 * members see them; create, edit, take off sale and back. Members' recharge screens read the
 * packages live; the server audits each change. Its refusals show in place.
 */
export function ChargeRulesPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const packages = useChargeRules(api, onForbidden);
  const [editing, setEditing] = useState<OpsChargeRule | null>(null);
  const headingId = useId();
  const columns = text.columns;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <DialogButton type="button" onClick={() => void packages.reload()}>
          {opsMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {packages.loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${packages.loadError}`}</ErrorText>}
      {!packages.rules ? (
        !packages.loadError && <Muted role="status">{opsMessages.ops.loading}</Muted>
      ) : (
        <>
          <TableScroll>
            <RuleTable data-testid="charge-rules">
              <caption>{text.caption(packages.rules.length)}</caption>
              <ColumnHeaders titles={[columns.price, columns.coins, columns.bonus, columns.status, columns.sort, columns.actions]} />
              <tbody>
                {packages.rules.map((rule) => (
                  <ChargeRuleRow key={rule.id} rule={rule} onEdit={setEditing} onToggle={(current) => packages.save(toggledRequest(current))} />
                ))}
              </tbody>
            </RuleTable>
          </TableScroll>
          {packages.rules.length === 0 && <Muted>{text.empty}</Muted>}
        </>
      )}
      <FormBox>
        <ChargeRuleForm editing={editing} onSave={packages.save} onCancelEdit={() => setEditing(null)} />
      </FormBox>
    </Panel>
  );
}
