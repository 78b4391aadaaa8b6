import * as shared from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import * as local from './schemas';

/** The server's typed copies must validate exactly what the shared contract says. */
describe('mf schemas', () => {
  it.each(['RemoteNameSchema', 'RemoteAssignmentSchema', 'RemoteAssignmentsSchema', 'RemoteTelemetrySchema'] as const)(
    '%s is the shared schema',
    (name) => {
      expect(JSON.parse(JSON.stringify(local[name]))).toEqual(JSON.parse(JSON.stringify(shared[name])));
    },
  );
});
