import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, type QueryCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '#shared/table';
import { dynamoDocumentClient } from '../adapters/aws-clients.ts';
import { ConflictError } from '../lib/errors.ts';
import { createItem, type Page, putNewItemStep, queryPage, tableName } from './dynamo.ts';
import {
  courseKey,
  courseMemberKey,
  coursePartition,
  ENTITY_TYPES,
  MEMBER_PREFIX,
  organizationKey,
  organizationMemberKey,
  type TableKey,
  userCourseIndexKey,
  userCoursesPartition,
} from './keys.ts';

/**
 * Courses of the exercise area and the members of courses and organizations
 * (spec §7 "User: get courses", §5 "Support dialog", §6 support recipient roles;
 * decision record 025; keys.ts rows "course by id", "members of a course",
 * "courses of a user", "members of an organization"). The minimal model the support
 * dialog needs: a course (id, name, when created, its organization) and who belongs
 * to it with which roles; and who belongs to an organization with which roles.
 * Member items hold the user id and roles only: names and e-mail addresses are read
 * from the users themselves, so they never go stale.
 */

/** A course of the exercise area. `createdTimestamp` is ISO 8601 UTC; `organizationId` null when it has none. */
export interface Course {
  readonly id: string;
  readonly name: string;
  readonly createdTimestamp: string;
  readonly organizationId: string | null;
}

/** A member of a course or organization: the user and their roles there (spec §6 role names, e.g. `instructor`). */
export interface Member {
  readonly userId: string;
  readonly roles: readonly string[];
}

/** A course as one of its members sees it: the course and the member's roles in it. */
export interface MemberCourse {
  readonly id: string;
  readonly name: string;
  readonly createdTimestamp: string;
  readonly roles: string[];
}

interface CourseItem extends Course, TableKey {
  readonly entityType: typeof ENTITY_TYPES.course;
  readonly version: number;
}

/** A course member item: the member, and a copy of the course's name and creation time for "my courses". */
interface CourseMemberItem extends Member, TableKey {
  readonly entityType: typeof ENTITY_TYPES.courseMember;
  readonly version: number;
  readonly courseId: string;
  readonly courseName: string;
  readonly courseCreatedTimestamp: string;
  readonly gsi1pk: string;
  readonly gsi1sk: string;
}

interface OrganizationMemberItem extends Member, TableKey {
  readonly entityType: typeof ENTITY_TYPES.organizationMember;
  readonly version: number;
  readonly organizationId: string;
}

/** DynamoDB's limit of items in one TransactWriteItems. */
const TRANSACTION_MAX = 100;

/**
 * Creates a course with its members in ONE TransactWriteItems, each item conditional
 * on its key being absent, so a course never exists half-written.
 * @throws ConflictError "Course already exists." when the course (or one of its member items) exists.
 * @throws RangeError when the course and its members exceed 100 items (add more members later).
 */
export async function createCourse(course: Course, members: readonly Member[]): Promise<void> {
  if (members.length + 1 > TRANSACTION_MAX) {
    throw new RangeError(`A course of ${members.length} members exceeds one transaction of ${TRANSACTION_MAX} items.`);
  }
  const courseItem: CourseItem = { ...course, ...courseKey(course.id), entityType: ENTITY_TYPES.course, version: 1 };
  const memberItems: CourseMemberItem[] = members.map((member) => ({
    userId: member.userId,
    roles: [...member.roles],
    ...courseMemberKey(course.id, member.userId),
    ...userCourseIndexKey(member.userId, course.createdTimestamp, course.id),
    entityType: ENTITY_TYPES.courseMember,
    version: 1,
    courseId: course.id,
    courseName: course.name,
    courseCreatedTimestamp: course.createdTimestamp,
  }));
  try {
    await dynamoDocumentClient.send(
      new TransactWriteCommand({
        TransactItems: [courseItem, ...memberItems].map((item) => putNewItemStep({ ...item })),
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new ConflictError('Course already exists.', { cause: error });
    }
    throw error;
  }
}

/** One course by id, or null. */
export async function getCourse(courseId: string): Promise<Course | null> {
  const output = await dynamoDocumentClient.send(new GetCommand({ TableName: tableName(), Key: courseKey(courseId) }));
  const item = output.Item as CourseItem | undefined;
  return item
    ? { id: item.id, name: item.name, createdTimestamp: item.createdTimestamp, organizationId: item.organizationId }
    : null;
}

/** The user's membership of a course (one GetItem), or null when they are not a member. */
export async function getCourseMember(courseId: string, userId: string): Promise<Member | null> {
  const output = await dynamoDocumentClient.send(
    new GetCommand({ TableName: tableName(), Key: courseMemberKey(courseId, userId) }),
  );
  const item = output.Item as CourseMemberItem | undefined;
  return item ? { userId: item.userId, roles: [...item.roles] } : null;
}

/**
 * The courses a user belongs to, with their roles in each, newest course first, one
 * page of at most `limit` (gsi1 `USER_COURSES#<userId>`; one Query in the normal case).
 * @throws ValidationError for a foreign or tampered page token.
 */
export async function listCoursesOfUser(
  userId: string,
  options: { readonly limit: number; readonly pageToken?: string | undefined },
): Promise<Page<MemberCourse>> {
  const page = await queryPage<CourseMemberItem>({
    index: 'gsi1',
    partitions: [userCoursesPartition(userId)],
    limit: options.limit,
    pageToken: options.pageToken,
    forward: false,
  });
  return {
    items: page.items.map((item) => ({
      id: item.courseId,
      name: item.courseName,
      createdTimestamp: item.courseCreatedTimestamp,
      roles: [...item.roles],
    })),
    nextPageToken: page.nextPageToken,
  };
}

/** Every member item of one partition (a course or an organization), Query after Query. */
async function membersOf(pk: string): Promise<Member[]> {
  const members: Member[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const output: QueryCommandOutput = await dynamoDocumentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :member)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':pk': pk, ':member': MEMBER_PREFIX },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of (output.Items ?? []) as Member[]) members.push({ userId: item.userId, roles: [...item.roles] });
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return members;
}

/** The members of a course with their roles (the course's partition, `MEMBER#` items). */
export function listCourseMembers(courseId: string): Promise<Member[]> {
  return membersOf(coursePartition(courseId));
}

/**
 * Adds a member to an organization's roster (its support recipients), conditional
 * on the member being new. The user's own membership item (users.ts) is written with
 * the user; the seed writes both.
 * @throws ConflictError "Organization member already exists." when present.
 */
export async function addOrganizationMember(organizationId: string, member: Member): Promise<void> {
  await createItem(organizationMemberItem(organizationId, member), 'Organization member already exists.');
}

/**
 * The stored roster item of `member` in an organization (pure, version 1): what
 * {@link addOrganizationMember} writes, and what a team move (users.ts
 * `moveUserOrganization`) puts in its transaction.
 */
export function organizationMemberItem(organizationId: string, member: Member): Record<string, unknown> {
  const item: OrganizationMemberItem = {
    userId: member.userId,
    roles: [...member.roles],
    ...organizationMemberKey(organizationId, member.userId),
    entityType: ENTITY_TYPES.organizationMember,
    version: 1,
    organizationId,
  };
  return { ...item };
}

/** The members of an organization with their roles (the organization's partition, `MEMBER#` items). */
export function listOrganizationMembers(organizationId: string): Promise<Member[]> {
  return membersOf(organizationKey(organizationId).pk);
}
