/**
 * A page the club writes (issue 33): HTML the server rendered from the admin's Markdown and
 * sanitised when it was saved (server/services/club-pages/render.ts), so it is shown as it is.
 */
export function ClubText({ html, className = 'club-text', testId }: { html: string; className?: string; testId?: string }) {
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
