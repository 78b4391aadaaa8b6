import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server's longest test files, slowest first, as measured by `npm test` (its closing summary
 * lists the ten slowest files). They start first, so the run does not end with one worker
 * finishing a 3-minute file while the others sit idle. A file missing here still runs, in
 * vitest's own order; a name here that no longer exists is ignored.
 */
export const SLOW_FILES = [
  'src/routeFuzz.test.ts',
  'src/live/media/demoStreams.test.ts',
  'src/live/media/encoderPushes.test.ts',
  'src/rollouts/rollouts.test.ts',
  'src/live/media/ingest.test.ts',
  'src/accounts/login.test.ts',
  'src/wallet/alipayNotify.test.ts',
  'src/wallet/verifyLedger.test.ts',
  'src/live/media/rtmpFuzz.test.ts',
  'src/live/media/streamHealth/streamHealth.test.ts',
];

/** vitest's order (failed first, then longest by its cache, then largest), with SLOW_FILES moved to the front. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.indexOf(path.relative(file.project.config.root, file.moduleId).split(path.sep).join('/'));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
