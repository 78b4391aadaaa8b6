import type { LoginModalMode } from '@sports/shared';
import { accountCopy } from './accountCopy';
import { Links, LinkButton } from './formStyles';
import { modeLinksOf } from './loginModes';

const text = accountCopy;

const LINK_LABELS: Record<LoginModalMode, string> = {
  code: text.toPasswordLogin,
  regiter: text.toRegister,
  forgot: text.toForgot,
};

/** The links under the form that switch the modal's mode (SPEC.md section 4). */
export function ModeLinks({ mode, onModeChange }: { mode: LoginModalMode; onModeChange: (mode: LoginModalMode) => void }) {
  return (
    <Links>
      {modeLinksOf(mode).map((target) => (
        <LinkButton key={target} variant="ghost" onClick={() => onModeChange(target)}>
          {LINK_LABELS[target]}
        </LinkButton>
      ))}
    </Links>
  );
}
