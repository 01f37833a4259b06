import { Alert, Button, chakra, Fieldset, Progress, Stack, Text } from '@chakra-ui/react';
import { FolderDownIcon, RotateCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { can } from '#shared/capabilities';
import type { BundleFormat, BundleScope } from '#shared/contracts/download';
import { CONTENT_CATEGORY_LABELS, type ContentCategory } from '#shared/enums';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useBundlePreview } from '../api/get-content-bundle.ts';
import { useBundleDownload } from '../hooks/use-bundle-download.ts';
import { bundlePercent, bundleProgressText, bundleSummary } from '../utils/format.ts';

/**
 * A "Download all" button for a bundle of `scope` (spec §4 "File bundle"), shown
 * only to callers who may view files (spec §6), with what it would hold ("16 files,
 * 9.8 MB", from the bundle preview) and no zip at all when it would hold no file.
 * While the zip is prepared: a progress bar (determinate once the workflow reports
 * figures) and its text; a second click is ignored. A failed zip shows its reason
 * with Try again; a refused download right (403) shows its message. With `summary`
 * (a collection, whose bundle has no preview) that text stands for the preview's figures
 * and the button shows at once.
 *
 * With `cartridge` (an item or a collection; issue 27 item 6, decision record 078) a
 * radio group "Format" offers "Zip" or "Common Cartridge (for Canvas, Moodle,
 * Blackboard, Brightspace)", and the button reads "Download Common Cartridge" while
 * that is chosen; a signed-in reader without file rights, and anyone signed in before
 * items that hold no file, sees only "Common Cartridge, links only" (a Thin Common
 * Cartridge: no file, links back here).
 */
export function BundleDownload({
  scope,
  label,
  summary,
  cartridge = false,
}: {
  scope: BundleScope;
  label: string;
  summary?: string;
  cartridge?: boolean;
}) {
  const { principal } = useSession();
  const mayDownload = can(principal, 'viewFiles');
  const preview = useBundlePreview({ scope, enabled: mayDownload && summary === undefined });
  // Links only: a signed-in reader without file rights, or items that hold no file
  // (their full cartridge would be the thin one).
  const noFiles = preview.data?.kind === 'bundle' && preview.data.bundle.fileCount === 0;
  const thinOnly = cartridge && principal !== null && (!mayDownload || noFiles);
  const [chosen, setChosen] = useState<'zip' | 'imscc'>('zip');
  const format: BundleFormat = thinOnly ? 'imscc-thin' : chosen;
  const bundle = useBundleDownload(scope, format);
  const summaryId = useId();
  const formatName = useId();
  if (!mayDownload && !thinOnly) return null;
  let summaryText: string;
  if (thinOnly)
    summaryText =
      'Links back to each page and their descriptions, for importing into a learning management system; no files.';
  else if (summary !== undefined) summaryText = summary;
  else {
    if (!preview.data) return null;
    if (preview.data.kind === 'refused') {
      return (
        <Text color="fg.muted" textStyle="sm">
          {preview.data.message}
        </Text>
      );
    }
    if (preview.data.bundle.fileCount === 0) return null;
    summaryText = bundleSummary(preview.data.bundle);
  }

  const { step, progress } = bundle;
  const busy = bundle.inProgress || bundle.blocked;
  const progressText = bundleProgressText(progress);
  const what = format === 'zip' ? 'zip' : 'Common Cartridge';
  return (
    <Stack gap="2" align="stretch" minW="0" maxW="md">
      {cartridge && !thinOnly ? (
        <Fieldset.Root size="sm" disabled={busy}>
          <Fieldset.Legend textStyle="sm">Format</Fieldset.Legend>
          <Stack gap="1">
            {(
              [
                ['zip', 'Zip'],
                ['imscc', 'Common Cartridge (for Canvas, Moodle, Blackboard, Brightspace)'],
              ] as const
            ).map(([value, text]) => (
              <chakra.label key={value} display="flex" gap="2" alignItems="center" textStyle="sm">
                <input
                  type="radio"
                  name={formatName}
                  value={value}
                  checked={chosen === value}
                  onChange={() => setChosen(value)}
                />
                {text}
              </chakra.label>
            ))}
          </Stack>
        </Fieldset.Root>
      ) : null}
      <Stack gap="1" align="flex-start">
        <Button
          colorPalette="brand"
          variant="outline"
          aria-describedby={summaryId}
          aria-disabled={busy || undefined}
          aria-busy={bundle.inProgress || undefined}
          onClick={bundle.start}
        >
          <FolderDownIcon aria-hidden="true" />
          {thinOnly ? 'Common Cartridge, links only' : format === 'imscc' ? 'Download Common Cartridge' : label}
        </Button>
        <Text id={summaryId} color="fg.muted" textStyle="sm">
          {summaryText}
        </Text>
      </Stack>
      {step.step === 'requesting' || step.step === 'pending' || step.step === 'downloading' ? (
        <Progress.Root
          value={step.step === 'downloading' ? 100 : progress ? bundlePercent(progress) : null}
          size="sm"
          colorPalette="brand"
        >
          <Progress.Track aria-label={`Preparing the ${what}`} aria-valuetext={progressText}>
            <Progress.Range />
          </Progress.Track>
          <Text textStyle="sm" mt="1">
            {step.step === 'downloading' ? `The ${what} is ready; downloading…` : progressText}
          </Text>
        </Progress.Root>
      ) : null}
      {step.step === 'failed' ? (
        <Alert.Root status="error" role="alert" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{step.reason}</Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={bundle.start}
            aria-disabled={busy || undefined}
          >
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </Alert.Root>
      ) : null}
      {step.step === 'refused' ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{step.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** "Download all files" of a content item with its descendants (spec §2.6, §4 "File bundle"). */
export function DownloadAllButton({ contentId }: { contentId: string }) {
  return <BundleDownload scope={{ contentId }} label="Download all files" cartridge />;
}

/** "Download all Module files": every published item of a category as one zip (spec §4 "File bundle"). */
export function CategoryDownloadButton({ category }: { category: ContentCategory }) {
  return <BundleDownload scope={{ category }} label={`Download all ${CONTENT_CATEGORY_LABELS[category]} files`} />;
}
