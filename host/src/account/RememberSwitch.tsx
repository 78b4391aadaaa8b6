import { accountCopy } from './accountCopy';
import { SwitchLabel } from './formStyles';

/** Remember account (password login): a labelled switch. */
export function RememberSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <SwitchLabel>
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {accountCopy.rememberAccount}
    </SwitchLabel>
  );
}
