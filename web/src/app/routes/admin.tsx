import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { can, type Principal } from '#shared/capabilities';
import type { UserSummary } from '#shared/contracts/identity';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { CoursewareInfoTable } from '../../features/admin/components/courseware-info-table.tsx';
import { RequireCapabilities } from '../../lib/auth/guards.tsx';
import { useSession } from '../../lib/auth/session-store.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** A panel's module loaded on demand, so that the administration tabs weigh only on those who open them. */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const UsersPanel = onDemand(async () => (await import('../../features/users/components/users-panel.tsx')).UsersPanel);
const BusinessUnitsPanel = onDemand(
  async () => (await import('../../features/business-units/components/business-units-panel.tsx')).BusinessUnitsPanel,
);
const InvitationsPanel = onDemand(
  async () => (await import('../../features/invitations/components/invitations-panel.tsx')).InvitationsPanel,
);
const UserImportsPanel = onDemand(
  async () => (await import('../../features/user-imports/components/user-imports-panel.tsx')).UserImportsPanel,
);
const ReviewQueuePanel = onDemand(
  async () => (await import('../../features/submissions/components/review-queue-panel.tsx')).ReviewQueuePanel,
);
const ReportedReviewsPanel = onDemand(
  async () => (await import('../../features/reviews/components/reported-reviews-panel.tsx')).ReportedReviewsPanel,
);
const UserPersonalDataDialog = onDemand(
  async () => (await import('../../features/privacy/components/user-personal-data-dialog.tsx')).UserPersonalDataDialog,
);
const AuditLogPanel = onDemand(
  async () => (await import('../../features/audit-log/components/audit-log-panel.tsx')).AuditLogPanel,
);

/** The tabs of /admin in order, each shown only to who holds its capability (the API enforces them anyway). */
const TABS = [
  { value: 'courseware', label: 'Courseware Info', allowed: (p: Principal | null) => can(p, 'updateContent') },
  { value: 'users', label: 'Users', allowed: (p: Principal | null) => can(p, 'listUsers') },
  {
    value: 'organizations',
    label: 'Organizations',
    allowed: (p: Principal | null) => can(p, 'listUsers') || can(p, 'manageBusinessUnits'),
  },
  { value: 'invitations', label: 'Invitations', allowed: (p: Principal | null) => can(p, 'inviteUsers') },
  { value: 'imports', label: 'Imports', allowed: (p: Principal | null) => can(p, 'importUsers') },
  { value: 'audit', label: 'Audit log', allowed: (p: Principal | null) => can(p, 'readAuditLog') },
  // Issue 25 item 6: the review queue of courseware submissions (decision record 067).
  { value: 'submissions', label: 'Submissions', allowed: (p: Principal | null) => can(p, 'updateContent') },
  // Issue 26 item 3: the moderation queue of ratings and reviews (decision record 070).
  { value: 'reviews', label: 'Reported reviews', allowed: (p: Principal | null) => can(p, 'updateContent') },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The tab of the address (`?tab=users`) when the reader may see it, else the first one they may. */
export function adminTabOf(search: URLSearchParams, visible: readonly TabValue[]): TabValue {
  const asked = search.get('tab');
  return visible.find((value) => value === asked) ?? visible[0] ?? 'courseware';
}

/** A tab's panel: its heading (unless the panel brings its own), and a loading line while its code arrives. */
function Panel({ label, ownHeading = false, children }: { label: string; ownHeading?: boolean; children: ReactNode }) {
  return (
    <Stack gap="4">
      {ownHeading ? null : (
        <Heading as="h2" size="xl">
          {label}
        </Heading>
      )}
      <Suspense fallback={<LoadingState label={`Loading ${label}…`} />}>{children}</Suspense>
    </Stack>
  );
}

/**
 * /admin (spec §2.2, §2.7, §2.15; issue 11 item 5): editors only. The
 * administration as tabs — Courseware Info, Users, Organizations, Invitations,
 * Imports, Audit log, Submissions (issue 25 item 6), Reported reviews (issue 26 item 3) — each for its capability; the selected tab (and the audit
 * log's record filter) live in the address, so reload, back and links keep them.
 * Each tab's code loads when the tab is first opened.
 */
export function Component() {
  useDocumentTitle('Administration');
  const { principal } = useSession();
  const [search, setSearch] = useSearchParams();
  const visible = TABS.filter((tab) => tab.allowed(principal));
  const tab = adminTabOf(
    search,
    visible.map((one) => one.value),
  );
  const target = search.get('target') ?? undefined;
  // The user whose personal data is shown (issue 26 item 5); kept while the dialog closes, so focus goes back to the row.
  const [personalData, setPersonalData] = useState<{ user: UserSummary; open: boolean } | null>(null);

  const go = (value: string, extra: Record<string, string> = {}) =>
    setSearch(new URLSearchParams({ tab: value, ...extra }));

  return (
    <RequireCapabilities capabilities={['updateContent']}>
      <Stack gap="8">
        <Heading as="h1" size="3xl">
          Administration
        </Heading>
        <Tabs.Root value={tab} onValueChange={({ value }) => go(value)} lazyMount unmountOnExit variant="line">
          <Tabs.List aria-label="Administration" overflowX="auto">
            {visible.map((one) => (
              <Tabs.Trigger key={one.value} value={one.value}>
                {one.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="courseware" pt="6">
            <CoursewareInfoTable />
          </Tabs.Content>
          <Tabs.Content value="users" pt="6">
            <Panel label="Users">
              <UsersPanel
                onShowHistory={can(principal, 'readAuditLog') ? (user) => go('audit', { target: user.id }) : undefined}
                onShowPersonalData={(user) => setPersonalData({ user, open: true })}
              />
              {personalData ? (
                <Suspense fallback={null}>
                  <UserPersonalDataDialog
                    key={personalData.user.id}
                    open={personalData.open}
                    userId={personalData.user.id}
                    userName={personalData.user.displayName}
                    onClose={() => setPersonalData({ ...personalData, open: false })}
                  />
                </Suspense>
              ) : null}
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="organizations" pt="6">
            <Panel label="Organizations">
              <BusinessUnitsPanel />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="invitations" pt="6">
            <Panel label="Invitations" ownHeading>
              <InvitationsPanel />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="imports" pt="6">
            <Panel label="Imports" ownHeading>
              <UserImportsPanel />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="audit" pt="6">
            <Panel label="Audit log">
              <AuditLogPanel key={target ?? 'all'} targetId={target} onClearTarget={() => go('audit')} />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="submissions" pt="6">
            <Panel label="Submissions" ownHeading>
              <ReviewQueuePanel />
            </Panel>
          </Tabs.Content>
          <Tabs.Content value="reviews" pt="6">
            <Panel label="Reported reviews" ownHeading>
              <ReportedReviewsPanel />
            </Panel>
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </RequireCapabilities>
  );
}
