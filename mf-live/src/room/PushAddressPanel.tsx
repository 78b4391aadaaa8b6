import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Toolbar, type LiveUrl, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';
import { commonCopy, ownerCopy } from '../messages';
import { formatTime } from '../ui/format';

const Field = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;

  input {
    flex: 1;
    min-width: 200px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font-family: monospace;
  }
`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The owner's push address (`GET api/Live/getLiveUrl`): server URL and stream key for OBS, the
 * joined URL for ffmpeg, copy buttons, and a reset that makes every earlier address stop working.
 */
export function PushAddressPanel({ context }: { context: RemoteContext }) {
  const [address, setAddress] = useState<LiveUrl | null>(null);
  const [busy, setBusy] = useState(false);
  const serverId = useId();
  const keyId = useId();
  const urlId = useId();

  const load = async (rotate: boolean) => {
    setBusy(true);
    try {
      setAddress(await liveApi(context.api).liveUrl(rotate));
      if (rotate) context.eventBus.emit('toast', { kind: 'success', message: ownerCopy.rotated, durationMs: 3_000 });
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  const copy = async (text: string) => {
    const copied = await copyText(text);
    context.eventBus.emit('toast', { kind: copied ? 'success' : 'warning', message: copied ? commonCopy.copied : commonCopy.copyFailed, durationMs: 2_000 });
  };

  if (address === null) {
    return (
      <Button type="button" disabled={busy} onClick={() => void load(false)}>
        {ownerCopy.showPush}
      </Button>
    );
  }
  return (
    <section aria-label={ownerCopy.pushAddress} data-testid="push-address">
      <h3>{ownerCopy.pushAddress}</h3>
      <Field>
        <label htmlFor={serverId}>{ownerCopy.serverUrl}</label>
        <input id={serverId} readOnly value={address.push_server} data-testid="push-server-url" />
        <Button type="button" onClick={() => void copy(address.push_server)}>
          {ownerCopy.copyServer}
        </Button>
      </Field>
      <Field>
        <label htmlFor={keyId}>{ownerCopy.streamKey}</label>
        <input id={keyId} readOnly value={address.stream_key} data-testid="push-stream-key" />
        <Button type="button" onClick={() => void copy(address.stream_key)}>
          {ownerCopy.copyKey}
        </Button>
      </Field>
      <Field>
        <label htmlFor={urlId}>{ownerCopy.pushUrl}</label>
        <input id={urlId} readOnly value={address.push_url} data-testid="push-url" />
        <Button type="button" onClick={() => void copy(address.push_url)}>
          {ownerCopy.copyPushUrl}
        </Button>
      </Field>
      <Toolbar>
        <span>{ownerCopy.expiresAt(formatTime(address.expires_at))}</span>
        <Button type="button" disabled={busy} onClick={() => void load(true)}>
          {ownerCopy.rotateKey}
        </Button>
      </Toolbar>
    </section>
  );
}
