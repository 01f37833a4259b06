import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../../lib/document-title.ts';
import { PageDialog } from './page-dialog.tsx';

/**
 * The create screen of the page builder (`/pages/new`, the account menu's "Add new
 * page", spec §2.3, §2.14): it opens the page dialog at once. Saving opens the new
 * page at its link (the dialog navigates); cancelling goes back to where the editor
 * came from, or home when this screen was the first one opened. The route lets
 * only callers with `updateContent` in.
 */
export function NewPageScreen() {
  useDocumentTitle('Add new page');
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  const leave = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h1" size="3xl">
        Add new page
      </Heading>
      <Text color="fg.muted">A new page starts without sections: add them on the page once it is saved.</Text>
      <PageDialog
        open={open}
        page={null}
        onClose={(saved) => {
          setOpen(false);
          if (!saved) leave();
        }}
      />
    </Stack>
  );
}
