// A webpack loader (dev:remote only) for a remote's src/routes.ts, the module behind `./routes`.
// It makes the module accept its own hot updates and those of its pages (they bubble up to it
// through their import()s), refills the routes array the host already holds with the new
// definitions, and tells the host, which renders the page again (host/src/federation/
// devRemoteOverride.ts, DEV_UPDATE_EVENT): the site is not reloaded. React Refresh is not used:
// the site runs React's production build, which has no refresh hooks.
module.exports = function hotRoutesLoader(source) {
  const { remote } = this.getOptions();
  return `${source}
;if (import.meta.webpackHot) {
  import.meta.webpackHot.accept();
  const held = import.meta.webpackHot.data && import.meta.webpackHot.data.routes;
  if (held) {
    held.splice(0, held.length, ...routes);
    window.dispatchEvent(new CustomEvent('mf-dev-update', { detail: { remote: ${JSON.stringify(remote)} } }));
  }
  import.meta.webpackHot.dispose((data) => { data.routes = held || routes; });
}
`;
};
