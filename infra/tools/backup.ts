import '../local/quiet-node20-warning.ts';
import { stat } from 'node:fs/promises';
import { openTarget, parseArchiveArguments } from './archive-target.ts';
import { ArchiveError, writeBackup } from './portal-archive.ts';

/**
 * `npm run backup -- <file> [--stage <stage> [--brand B] [--region r]]`: writes one
 * archive of the table and both buckets of the local data folder (`DATA_DIR`), of an
 * endpoint (`AWS_ENDPOINT_URL*`) or of a deployment (issue 28 item 1; decision record
 * 082; infra/tools/archive-target.ts says which). One line and exit code 1 on failure.
 */
async function main(): Promise<void> {
  const args = parseArchiveArguments('backup', process.argv.slice(2));
  const target = await openTarget('backup', args);
  try {
    const started = Date.now();
    const manifest = await writeBackup({
      file: args.file,
      resources: target.resources,
      source: target.source,
      log: (line) => console.log(line),
    });
    const { size } = await stat(args.file);
    console.log(
      `backup: ${args.file}: ${manifest.table.items} items, ${manifest.objects.length} objects, ${manifest.totalBytes} bytes of data in ${size} bytes, from ${target.source} in ${Date.now() - started} ms`,
    );
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof ArchiveError ? `backup: ${message}` : `backup: failed: ${message}`);
  process.exit(1);
});
