// What opening a route's lazy parts adds in compressed JavaScript, beside the first visit to
// #/main (firstVisitBytes.mjs): budgets.json's `routes` name, per route, the package, the groups
// the page itself loads (`page`) and the groups its lazy parts add (`adds`, each a chunk of
// dist/load-graph.json), with the budget of what they add in kB of 1,000 bytes.
//
// #/score-detail (issue 36): the page's route chunk as it was, and the match centre's two chart
// chunks (football's lineups, momentum, shot map and xG race; basketball's box score, shot chart
// and lead tracker) that its tabs load: opening every chart adds at most 60 kB.
//
// Counted as firstVisitBytes.mjs counts (the build's .br, else brotli 4 on the fly); a file in
// both the page and its parts is counted in the page only. `pnpm check:bytes` prints and checks it.
import { measureFirstVisit } from './firstVisitBytes.mjs';

const KIB = 1024;
const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

/** Each route of budgets.routes measured: [{ route, package, page, adds, files, addsGroups, budgetKB }]. */
export function measureRoutes(siteRoot, budgets) {
  return Object.entries(budgets.routes ?? {}).map(([route, spec]) => {
    const groups = [...spec.page, ...spec.adds];
    const load = Object.fromEntries(groups.map((group) => [group, 0]));
    const dist = budgets.packages[spec.package]?.dist;
    const measured = measureFirstVisit(siteRoot, { packages: { [spec.package]: { load, ...(dist === undefined ? {} : { dist }) } } }).packages[0];
    const sum = (names) => names.reduce((total, group) => total + (measured.byGroup[group] ?? 0), 0);
    return { route, package: spec.package, page: sum(spec.page), adds: sum(spec.adds), files: measured.files, addsGroups: spec.adds, budgetKB: spec.addsBudgetKB };
  });
}

/** Every route whose lazy parts add more than their budget, as a sentence naming the files. */
export function checkRouteBudgets(rows) {
  return rows
    .filter((row) => row.adds > row.budgetKB * 1000)
    .map((row) => {
      const added = row.files.filter((file) => row.addsGroups.includes(file.group)).map((file) => `${file.file} ${kib(file.sent)}`);
      return `#/${row.route}: its lazy parts add ${(row.adds / 1000).toFixed(1)} kB, over their budget of ${row.budgetKB} kB (${added.join(', ')})`;
    });
}

/** The lines `pnpm check:bytes` prints for the routes. */
export function formatRoutes(rows) {
  return rows.map((row) => `#/${row.route} (${row.package}): the page ${kib(row.page)}, opening every lazy part adds ${kib(row.adds)} = ${(row.adds / 1000).toFixed(1)} kB, budget ${row.budgetKB} kB${row.adds > row.budgetKB * 1000 ? '  OVER' : ''}`).join('\n');
}
