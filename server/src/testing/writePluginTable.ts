// `pnpm plugins:table` (root): writes src/README.md's dependency table from the domain plugins'
// metadata (app.ts DOMAIN_PLUGINS, testing/pluginGraph.ts); exit 1 with the problems when a
// plugin reads a decorator it does not declare. app.test.ts fails while the README differs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_PLUGINS } from '../app';
import { auditPluginGraph, dependencyTable, withTable } from './pluginGraph';

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const audit = auditPluginGraph(srcDir, DOMAIN_PLUGINS);
const readmePath = path.join(srcDir, 'README.md');
const readme = fs.readFileSync(readmePath, 'utf8');
const written = withTable(readme, dependencyTable(audit));
if (written !== readme) fs.writeFileSync(readmePath, written);
console.log(written === readme ? 'src/README.md: the table was up to date' : 'src/README.md: the table was rewritten');
if (audit.problems.length > 0) {
  console.error(`the plugins' declarations do not match their code:\n${audit.problems.join('\n')}`);
  process.exit(1);
}
