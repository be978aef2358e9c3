// Bundles the server into dist/index.js (and dist/db-backup.js, dist/db-migrate.js). Workspace packages (@mp/*, TypeScript sources) are inlined;
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  // the server, the embedded database's backup/restore command (node dist/db-backup.js backup|restore ...) and
  // the migrations command run before a release's instances start (node dist/db-migrate.js)
  entryPoints: {
    index: 'src/index.ts',
    'db-backup': 'src/db/backup-cli.ts',
    'db-migrate': 'src/db/migrate-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@mp/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
