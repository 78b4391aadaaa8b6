// Builds mf-community on its own: its container (remoteEntry.js), mf-manifest.json and chunks.
const { createFederatedConfig } = require('@sports/shared/webpack');

module.exports = (_env, argv) =>
  createFederatedConfig(
    {
      packageDir: __dirname,
      name: 'mf_community',
      role: 'remote',
      exposes: {
        './routes': './src/routes.ts',
        './widgets': './src/widgets.ts',
        './parcel': './src/parcel.ts',
      },
      title: 'mf-community harness',
      devPort: 3003,
    },
    argv,
  );
