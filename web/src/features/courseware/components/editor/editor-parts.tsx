import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { KnowledgeRef } from '#shared/contracts/content';
import type { KnowledgeType } from '#shared/enums';
import type { ContributorDraft } from '../../../../lib/contributor-draft.ts';

/** Props of the contributors part of the editor: the item's contributors in order (spec §2.6, §3 Contributor). */
export interface ContributorsEditorProps {
  readonly value: readonly ContributorDraft[];
  readonly onValueChange: (value: ContributorDraft[]) => void;
  /** The field's error from the last save, if any. */
  readonly error?: string | undefined;
}

/** Props of a knowledge list's picker in the editor: the ids of one type, in order. */
export interface KnowledgeEditorProps {
  readonly type: KnowledgeType;
  readonly value: readonly string[];
  readonly onValueChange: (value: string[]) => void;
  /** Names of ids known already, id → name: the saved item's own `KnowledgeRef`s (issue 22 item 1). */
  readonly names?: ReadonlyMap<string, string> | undefined;
}

/** The names of an item's knowledge by type, id → name, from its content answer (`KnowledgeRef`). */
export type KnowledgeNames = Readonly<Record<KnowledgeType, ReadonlyMap<string, string>>>;

/** {@link KnowledgeNames} of a content item: its TKS, KSA and KU references. */
export function knowledgeNamesOf(content: {
  readonly tkss: readonly KnowledgeRef[];
  readonly ksas: readonly KnowledgeRef[];
  readonly kus: readonly KnowledgeRef[];
}): KnowledgeNames {
  const byId = (refs: readonly KnowledgeRef[]) => new Map(refs.map((ref) => [ref.id, ref.name]));
  return { TKS: byId(content.tkss), KSA: byId(content.ksas), KU: byId(content.kus) };
}

/**
 * What the content editor borrows from other features (features do not import each
 * other, STYLE.md): the contributors editor (picker of existing contributors, the
 * contributor form with portrait) and the knowledge picker. The routes that show the
 * editor (`app/routes/courseware/detail.tsx`, `list.tsx` for creating mode) provide
 * them with {@link EditorPartsProvider}.
 */
export interface EditorParts {
  readonly ContributorsEditor: ComponentType<ContributorsEditorProps>;
  readonly KnowledgeEditor: ComponentType<KnowledgeEditorProps>;
}

const EditorPartsContext = createContext<EditorParts | null>(null);

/** Provides the contributors editor and the knowledge picker to the content editor. */
export function EditorPartsProvider({ parts, children }: { parts: EditorParts; children: ReactNode }) {
  return <EditorPartsContext.Provider value={parts}>{children}</EditorPartsContext.Provider>;
}

/**
 * The parts provided by the route.
 * @throws Error when no {@link EditorPartsProvider} is above the caller.
 */
export function useEditorParts(): EditorParts {
  const parts = useContext(EditorPartsContext);
  if (!parts) throw new Error('The content editor needs an EditorPartsProvider above it.');
  return parts;
}
