import { Table, Text } from '@chakra-ui/react';
import { PERSONAL_DATA_DOWNLOADS_MAX, type PersonalData } from '#shared/contracts/personal-data';
import { formatDateTime } from '../../../lib/date-time.ts';

/** "1 review", "3 reviews". */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The rows of the summary: what each part of the export holds, in words. */
export function personalDataRows(data: PersonalData): [string, string][] {
  const hidden = data.reviews.filter((review) => review.status === 'hidden').length;
  const shared = data.collections.filter((collection) => collection.visibility !== 'private').length;
  const { account } = data;
  return [
    ['Account', [account.displayName, account.email ?? 'no e-mail address', account.roles.join(', ')].join(' · ')],
    ['Organizations', account.organizations.map((organization) => organization.name).join(', ') || 'None'],
    ['Messages', count(data.messages.length, 'message')],
    ['My library', count(data.library.length, 'saved item')],
    [
      'Downloads',
      data.downloadsTruncated
        ? `The newest ${PERSONAL_DATA_DOWNLOADS_MAX.toLocaleString('en-US')} downloads (there are more; My library exports them all as CSV)`
        : count(data.downloads.length, 'download'),
    ],
    ['Collections', `${count(data.collections.length, 'collection')}${shared ? ` (${shared} shared)` : ''}`],
    ['Ratings and reviews', `${count(data.reviews.length, 'review')}${hidden ? ` (${hidden} hidden by editors)` : ''}`],
    ['Saved searches', count(data.savedSearches.length, 'saved search', 'saved searches')],
    ['Update notices by e-mail', data.updateNotices.emailDigest ? 'On' : 'Off'],
    ['Courseware submissions', count(data.submissions.length, 'submission')],
  ];
}

/**
 * What an export holds, part by part (issue 26 item 5): the same table on the user's
 * own "Your data" page and on an administrator's view of a user. The JSON file holds
 * every record; this says how much of each there is.
 */
export function PersonalDataSummary({ data, caption }: { data: PersonalData; caption: string }) {
  return (
    <>
      <Text color="fg.muted">As of {formatDateTime(data.exportedTimestamp)}.</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">Kind of data</Table.ColumnHeader>
              <Table.ColumnHeader scope="col">What the portal holds</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {personalDataRows(data).map(([kind, held]) => (
              <Table.Row key={kind}>
                <Table.Cell as="th" scope="row" fontWeight="medium">
                  {kind}
                </Table.Cell>
                <Table.Cell>{held}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}
