// Builds mf-live on its own: its container (remoteEntry.js), mf-manifest.json and chunks.
const { createFederatedConfig } = require('@sports/shared/webpack');

module.exports = (_env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      name: 'mf_live',
      role: 'remote',
      exposes: {
        './routes': './src/routes.ts',
        './widgets': './src/widgets.ts',
        './parcel': './src/parcel.ts',
      },
      title: 'mf-live harness',
      devPort: 3001,
    },
    argv,
  );
