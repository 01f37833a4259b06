import '../local/quiet-node20-warning.ts';
import { openTarget, parseArchiveArguments } from './archive-target.ts';
import { ArchiveError, restoreBackup } from './portal-archive.ts';

/**
 * `npm run restore -- <file> [--force] [--stage <stage> [--brand B] [--region r]]`:
 * verifies every checksum of the archive, then loads it into an empty data folder
 * (`DATA_DIR`), endpoint or deployment; a target holding any item or object is refused
 * unless `--force`, which deletes all it holds first (issue 28 item 1; decision record
 * 082). One line and exit code 1 on failure.
 */
async function main(): Promise<void> {
  const args = parseArchiveArguments('restore', process.argv.slice(2));
  const target = await openTarget('restore', args);
  try {
    const started = Date.now();
    const { manifest } = await restoreBackup({
      file: args.file,
      resources: target.resources,
      force: args.force,
      log: (line) => console.log(line),
    });
    console.log(
      `restore: ${target.source}: ${manifest.table.items} items and ${manifest.objects.length} objects restored from ${args.file} in ${Date.now() - started} ms`,
    );
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof ArchiveError ? `restore: ${message}` : `restore: failed: ${message}`);
  process.exit(1);
});
