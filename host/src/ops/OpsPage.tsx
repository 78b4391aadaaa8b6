import { hostMessages } from '../messages';
import { AuditTable } from './AuditTable';
import { DialogButton } from '../feedback/DialogButton';
import { ErrorText, Muted, Page, Toolbar } from './opsStyles';
import { OpsTokenForm } from './OpsTokenForm';
import { RemoteRolloutPanel } from './RemoteRolloutPanel';
import { useOpsConsole } from './useOpsConsole';

const text = hostMessages.ops;

/**
 * #/ops: staged rollouts of the remotes for ops (DESIGN.md section 1). Without the ops token
 * only the token form shows; with it, each remote's stable and candidate releases with their
 * traffic share and error rates, the operations, and the audit log.
 */
export function OpsPage() {
  const ops = useOpsConsole();
  return (
    <Page aria-labelledby="ops-title">
      <h1 id="ops-title">{text.title}</h1>
      {!ops.signedIn ? (
        <OpsTokenForm error={ops.tokenError} checking={ops.checking} onSubmit={(token) => void ops.signIn(token)} />
      ) : (
        <>
          <Toolbar>
            <Muted>{text.intro}</Muted>
            <DialogButton type="button" onClick={() => void ops.reload()}>
              {text.refresh}
            </DialogButton>
            <DialogButton type="button" onClick={ops.signOut}>
              {text.signOut}
            </DialogButton>
          </Toolbar>
          {ops.loadError && <ErrorText role="alert">{`${text.loadFailed}${ops.loadError}`}</ErrorText>}
          {!ops.snapshot ? (
            <Muted role="status">{text.loading}</Muted>
          ) : (
            <>
              {ops.snapshot.states.map((state) => (
                <RemoteRolloutPanel key={state.remote} state={state} run={ops.run} />
              ))}
              <AuditTable entries={ops.snapshot.audit} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
