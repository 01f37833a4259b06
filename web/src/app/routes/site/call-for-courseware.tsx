import { Box, Button, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BookOpenTextIcon, DownloadIcon, ExternalLinkIcon } from 'lucide-react';
import { lazy } from 'react';
import { can } from '#shared/capabilities';
import { RouterLink } from '../../../components/ui/link.tsx';
import { Prose } from '../../../components/ui/prose.tsx';
import { paths } from '../../../config/paths.ts';
import { MySubmissionsScreen } from '../../../features/submissions/components/my-submissions-screen.tsx';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.tsx';
import { COURSE_SIZES } from './course-sizes.ts';

/**
 * The knowledge feature's picker, lent to the submission form for the NICE/CAE
 * mappings (features do not import each other); loaded when the form shows.
 */
const KNOWLEDGE_PICKER = lazy(() =>
  import('../../../features/knowledge/components/knowledge-picker.tsx').then((module) => ({
    default: module.KnowledgePicker,
  })),
);

/**
 * The abstract form button, gated by the submit-abstract capability (spec §6
 * "Submit abstract: can-submit-abstract claim"; issue 21 item 22). With the
 * capability: the button to `callForCoursewareUrl` when configured, else how to ask
 * for the form through the contact page (when on); "Submit courseware" is in "My
 * submissions" below (issue 25 item 6). A visitor is asked to log in
 * (and comes back here); a signed-in user without the capability is told so and
 * pointed to the contact page. The form itself is on another site, so this hides
 * nothing that needs protecting.
 */
function AbstractFormButton() {
  const { callForCoursewareUrl, flags } = useRuntimeConfig();
  const { status, principal } = useSession();
  const contact = flags.contact ? <RouterLink to={paths.contactUs}>contact page</RouterLink> : null;
  if (status !== 'logged-in') {
    return (
      <Text>
        <RouterLink to={paths.login}>Log in to get the abstract form</RouterLink>: it is offered to faculty whose
        account may submit abstracts.
      </Text>
    );
  }
  if (!can(principal, 'submitAbstract')) {
    return (
      <Text>
        Your account may not submit abstracts yet.{' '}
        {contact ? <>To offer courseware or ask for that right, write to us through the {contact}.</> : null}
      </Text>
    );
  }
  if (callForCoursewareUrl) {
    return (
      <Button asChild colorPalette="accent" size="lg">
        <a href={callForCoursewareUrl} target="_blank" rel="noopener noreferrer">
          <DownloadIcon aria-hidden="true" />
          Get the abstract form
          <ExternalLinkIcon aria-hidden="true" />
          <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
        </a>
      </Button>
    );
  }
  if (!contact) return null;
  return <Text>Ask for the abstract form through the {contact}.</Text>;
}

/**
 * The call for courseware (spec §1, §2.2 /call-for-courseware flagged and
 * /callforcourseware): title image, title, subtitle, the body (grants for eligible
 * faculty through an informal free submission or a formal paid process), the
 * abstract form button and, for users who may submit, "My submissions" (issue 25 item 6).
 */
export function CallForCoursewarePage() {
  const { siteName, flags } = useRuntimeConfig();
  useDocumentTitle('Call for courseware');
  const { moduleLessons } = COURSE_SIZES;
  return (
    <Stack gap="8">
      <Box
        aria-hidden="true"
        borderRadius="l3"
        bgGradient="to-r"
        gradientFrom="brand.solid"
        gradientTo="accent.solid"
        color="white"
        h={{ base: '32', md: '48' }}
        display="flex"
        alignItems="center"
        justifyContent="center"
      >
        <BookOpenTextIcon size={72} strokeWidth={1.5} />
      </Box>
      <Stack gap="2" maxW="3xl">
        <Heading as="h1" size="3xl">
          Call for courseware
        </Heading>
        <Text textStyle="xl" color="fg.muted">
          Share what you teach with educators across the range, and get a grant for it.
        </Text>
      </Stack>
      <Prose>
        <p>
          {siteName} is building a repository of cybersecurity courseware for high schools, colleges and universities:
          lessons, modules, hands-on labs and exercises, and full courses, for technical and non-technical courses
          alike. Much of the best material already exists in classrooms. We would like yours.
        </p>
        <h2>Two ways to contribute</h2>
        <ul>
          <li>
            <strong>Informal submission, free.</strong> Send us material you already teach, as it is. We review it and,
            once accepted, publish it in the repository with you credited as its contributor. No grant is involved.
          </li>
          <li>
            <strong>Formal process, paid.</strong> Eligible faculty receive a grant to repackage existing courseware or
            create new courseware in our formats (syllabus, lesson plans, slides with speaker notes, homework and
            hands-on labs). The grant depends on the kind of material and on the priority we give it; modules of{' '}
            {moduleLessons.min} to {moduleLessons.max} lessons with labs are the most sought after.
          </li>
        </ul>
        <h2>How to start</h2>
        <p>
          Both ways start with a short abstract: what the material covers, who it is for, its size and its format. Fill
          in the abstract form and send it to us; we answer every abstract and agree the next steps with you.
        </p>
      </Prose>
      <HStack gap="4" wrap="wrap">
        <AbstractFormButton />
        {flags.resources ? (
          <RouterLink to={paths.contentCategories}>The content categories and their sizes</RouterLink>
        ) : null}
      </HStack>
      <MySubmissions />
    </Stack>
  );
}

/**
 * "My submissions" (issue 25 item 6; decision record 067), for users who may submit:
 * their submissions with states and threads, and the submission form. A section of
 * this page rather than a route of its own, so the first render carries no more of it.
 */
function MySubmissions() {
  const { status, principal, user } = useSession();
  if (status !== 'logged-in' || !can(principal, 'submitAbstract')) return null;
  return (
    <Stack gap="4" as="section" aria-labelledby="my-submissions-heading" id="my-submissions">
      <Heading as="h2" size="2xl" id="my-submissions-heading">
        My submissions
      </Heading>
      <MySubmissionsScreen email={user?.email ?? ''} KnowledgePicker={KNOWLEDGE_PICKER} />
    </Stack>
  );
}

/** /call-for-courseware and /callforcourseware. */
export const Component = CallForCoursewarePage;
