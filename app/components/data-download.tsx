import { PortalSection } from './portal';
import { buttonClass } from './ui/button';

/**
 * A copy of one's personal data, or a child's (issue 34): one sentence saying what the ZIP holds,
 * and the download itself (a plain link to the API: the browser saves the file).
 */
export function DataDownload({ title, sentence, href, label }: { title: string; sentence: string; href: string; label: string }) {
  return (
    <PortalSection title={title} description={sentence}>
      <a href={href} download className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} data-testid="data-download">
        {label}
      </a>
    </PortalSection>
  );
}
