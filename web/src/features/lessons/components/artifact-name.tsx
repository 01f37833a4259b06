import { useFileName } from '../api/get-file-name.ts';
import type { ArtifactDraft } from '../utils/lesson-draft.ts';

/** A file's name as the lesson list and form show it; "File" until (or unless) the API says. */
export function useStoredFileName(fileId: string | null, enabled = true): string {
  const query = useFileName({ id: fileId ?? '', enabled: enabled && fileId !== null });
  return query.data ?? 'File';
}

/** The name of an artifact in the form: the chosen file's, or the stored file's. */
export function useArtifactName(artifact: Pick<ArtifactDraft, 'file' | 'fileId'>): string {
  const stored = useStoredFileName(artifact.fileId, artifact.file === null);
  return artifact.file ? artifact.file.name : stored;
}

export function ArtifactName({ artifact }: { artifact: Pick<ArtifactDraft, 'file' | 'fileId'> }) {
  return <>{useArtifactName(artifact)}</>;
}
