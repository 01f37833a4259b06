import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  groupOfKey,
  PAGE_DELETE_CONFIRMATION_MESSAGE,
  PAGE_STATUS_LABELS,
  type Page,
  type PageAncestor,
  type PageSection,
  pageGroups,
  WIDGET_KIND_LABELS,
} from '#shared/contracts/page';
import { AcknowledgedDeleteDialog } from '../../../../components/ui/acknowledged-delete-dialog.tsx';
import { announce } from '../../../../lib/announcer.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { forgetPage, storePage, useDeletePage, useReorder } from '../../api/pages.ts';
import { GROUP_PARAM, sortedSections } from '../page-layouts.tsx';
import { SectionDialog } from '../section-dialog/section-dialog.tsx';
import { PageDialog } from './page-dialog.tsx';
import { SortableList } from './sortable-list.tsx';

/** What a section is called in the builder: its name, else its first widget's kind, else "Empty section". */
export function sectionLabel(section: PageSection): string {
  if (section.name.trim() !== '') return section.name.trim();
  const first = section.widgets[0];
  return first ? WIDGET_KIND_LABELS[first.kind] : 'Empty section';
}

/**
 * Where a deleted page sends the editor (spec §4 "Pages": "Delete navigates to the
 * parent page, or home if there is no parent"): the parent's href from the
 * breadcrumbs, else home.
 */
export function parentHref(page: Pick<Page, 'parentId'>, ancestors: readonly PageAncestor[]): string {
  if (page.parentId === null) return '/';
  return ancestors.find((ancestor) => ancestor.id === page.parentId)?.href ?? '/';
}

/**
 * The page builder's controls for callers who may update content (spec §2.14, §6):
 * Edit page (the page dialog, with Delete page for the `deletePage` capability and
 * its ticked confirmation), Add section (the section dialog), the page's status,
 * and its sections in order — each with Edit and a drag handle — and, on a grouped
 * list, its groups with handles (spec §4 "Pages": reorder with rollback on failure,
 * see `useReorder`). A deleted page sends the editor to its parent, or home.
 */
export function PageEditor({
  page,
  ancestors,
  canDelete,
}: {
  page: Page;
  ancestors: readonly PageAncestor[];
  canDelete: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [pageDialog, setPageDialog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [sectionDialog, setSectionDialog] = useState<{ open: boolean; section: PageSection | null }>({
    open: false,
    section: null,
  });
  // The section stays while the dialog closes, so its title does not change on the way out.
  const closeSectionDialog = () => setSectionDialog((current) => ({ ...current, open: false }));
  const removePage = useDeletePage();
  const reorderSections = useReorder('sections');
  const reorderGroups = useReorder('groups');

  const sections = sortedSections(page.sections);
  const groups = page.layout.name === 'groupedList' ? pageGroups(page.layout) : [];
  const openGroup = search.get(GROUP_PARAM);
  const defaultKey = (openGroup === null ? null : groupOfKey(groups, openGroup)) ?? groups[0] ?? '';
  const sectionItems = sections.map((section) => ({
    id: section.id,
    label: sectionLabel(section),
    section,
  }));

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await removePage.mutateAsync({ id: page.id, href: page.href });
      announce(`Deleted the page “${page.title}”.`);
      setDeleting(false);
      await navigate(parentHref(page, ancestors));
      forgetPage(queryClient, { id: page.id, href: page.href });
    } catch (error) {
      if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 409)) {
        setDeleteError(error.message);
      } else {
        setDeleting(false);
      }
    }
  };

  return (
    <Box as="section" aria-label="Page builder" borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle">
      <Stack gap="4">
        <HStack gap="3" flexWrap="wrap">
          <Text fontWeight="semibold">Page builder</Text>
          <Badge colorPalette={page.status === 'published' ? 'green' : 'orange'} variant="subtle">
            {PAGE_STATUS_LABELS[page.status]}
          </Badge>
          <Box flex="1" />
          <Button size="sm" variant="outline" onClick={() => setPageDialog(true)}>
            <PencilIcon aria-hidden="true" />
            Edit page
          </Button>
          <Button size="sm" colorPalette="brand" onClick={() => setSectionDialog({ open: true, section: null })}>
            <PlusIcon aria-hidden="true" />
            Add section
          </Button>
        </HStack>
        {sectionItems.length === 0 ? (
          <Text color="fg.muted">No sections yet: Add section puts the first one on the page.</Text>
        ) : (
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              Sections, in page order (drag a handle, or focus it and press Space, to move a section)
            </Text>
            <SortableList
              label="Sections"
              noun="section"
              items={sectionItems}
              disabled={reorderSections.isPending}
              onReorder={(order) => reorderSections.mutate({ page, order })}
              actions={(item) => (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Edit section “${item.label}”`}
                  onClick={() => setSectionDialog({ open: true, section: item.section })}
                >
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
              )}
            />
          </Stack>
        )}
        {groups.length > 1 ? (
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              Groups, in tab order
            </Text>
            <SortableList
              label="Groups"
              noun="group"
              items={groups.map((group) => ({ id: group, label: group }))}
              disabled={reorderGroups.isPending}
              onReorder={(order) => reorderGroups.mutate({ page, order })}
            />
          </Stack>
        ) : null}
      </Stack>
      <PageDialog
        open={pageDialog}
        page={page}
        ancestors={ancestors}
        onClose={() => setPageDialog(false)}
        onDelete={
          canDelete
            ? () => {
                setPageDialog(false);
                setDeleteError(null);
                setDeleting(true);
              }
            : undefined
        }
      />
      <AcknowledgedDeleteDialog
        open={deleting}
        title="Delete page"
        name={page.title}
        acknowledgement="I understand that this page and all its sections will be deleted."
        requiredMessage={PAGE_DELETE_CONFIRMATION_MESSAGE}
        pending={removePage.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(false)}
      />
      <SectionDialog
        page={page}
        section={sectionDialog.section}
        open={sectionDialog.open}
        defaultKey={defaultKey}
        canDelete
        onClose={closeSectionDialog}
        onSaved={(saved) => {
          storePage(queryClient, saved);
          closeSectionDialog();
        }}
        onDeleted={(saved) => {
          storePage(queryClient, saved);
          closeSectionDialog();
        }}
      />
    </Box>
  );
}
