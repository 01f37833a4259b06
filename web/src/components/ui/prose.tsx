import { chakra } from '@chakra-ui/react';

/** Typography for HTML written by editors (already sanitised). */
export const Prose = chakra('div', {
  base: {
    color: 'fg',
    lineHeight: '1.7',
    maxW: '72ch',
    '& p': { mb: '4' },
    '& :is(h2, h3, h4)': { fontWeight: 'semibold', mt: '6', mb: '2', lineHeight: '1.3' },
    '& h2': { textStyle: 'xl' },
    '& h3': { textStyle: 'lg' },
    '& :is(ul, ol)': { ps: '6', mb: '4' },
    '& ul': { listStyleType: 'disc' },
    '& ol': { listStyleType: 'decimal' },
    '& li': { mb: '1' },
    '& a': { color: 'link', textDecoration: 'underline', textUnderlineOffset: '3px' },
    '& code': { fontFamily: 'mono', bg: 'bg.muted', px: '1', borderRadius: 'sm', fontSize: '0.9em' },
    '& pre': { bg: 'bg.muted', p: '4', borderRadius: 'md', overflowX: 'auto', mb: '4' },
    '& blockquote': { borderStartWidth: '4px', borderColor: 'brand.border', ps: '4', color: 'fg.muted' },
    '& img': { maxW: '100%', height: 'auto' },
    '& table': { borderCollapse: 'collapse', mb: '4' },
    '& :is(th, td)': { borderWidth: '1px', borderColor: 'border', px: '2', py: '1' },
  },
});
