import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';
import { useSession } from '../../../lib/auth/session-store.ts';

/** Props of the "Save to my library" part: the item, its name, and the form it takes (a card's icon, a page's button). */
export interface LibraryPartProps {
  readonly contentId: string;
  readonly name: string;
  readonly variant?: 'icon' | 'full';
}

/**
 * "Save to my library" on courseware cards and pages (issue 26 item 1). It belongs to the
 * library feature, and features do not import each other, so the routes compose it
 * (`app/routes/courseware/*`); without a provider nothing is shown.
 */
const LibraryPartContext = createContext<ComponentType<LibraryPartProps> | null>(null);

/** Provides the "Save to my library" part to the courseware screens below. */
export function LibraryPartProvider({
  part,
  children,
}: {
  part: ComponentType<LibraryPartProps>;
  children: ReactNode;
}) {
  return <LibraryPartContext.Provider value={part}>{children}</LibraryPartContext.Provider>;
}

/**
 * The route's "Save to my library" for one item, for signed-in readers only (a visitor
 * gets nothing, and so loads nothing); nothing while it loads.
 */
export function LibraryPart(props: LibraryPartProps) {
  const Part = useContext(LibraryPartContext);
  const { user } = useSession();
  if (!Part || !user) return null;
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
