import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { paths } from '#src/routes.ts';
import { Button } from './ui/Button.tsx';

/** A button-styled link to the landing page; the label defaults to "Back to home". */
export function BackHomeLink({ children }: { children?: ReactNode }) {
  return (
    <Button asChild variant="secondary">
      <Link to={paths.home}>
        <ArrowLeft aria-hidden />
        {children ?? <Trans>Back to home</Trans>}
      </Link>
    </Button>
  );
}
