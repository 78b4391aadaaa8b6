// Builds the host shell. It names no remote: which release of each remote a visitor loads is
// answered at run time by the server (GET /api/mf/remotes).
const { createFederatedConfig } = require('@sports/shared/webpack');

module.exports = (_env, argv) =>
  createFederatedConfig({ packageDir: __dirname, name: 'host', role: 'host', title: '体育直播', devPort: 3000 }, argv);
