import { useState, type FormEvent } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { ClubText } from '../../components/public/club-text';
import { FilterLinks } from '../../components/public/empty-state';
import { Button } from '../../components/ui/button';
import { FormMessage, TextAreaField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { CLUB_PAGE_MAX_CHARS, CLUB_PAGE_SLUGS, CLUB_PAGE_TOO_LONG, CLUB_PAGES, isClubPageSlug, type ClubPageSlug } from '../../../shared/club-pages';
import type { Route } from './+types/pages';

export const meta: Route.MetaFunction = () => adminMeta('Pages', "Write the club's About page, the home page's welcome and the privacy notice.");

export const PAGE_SAVED = 'Page saved: visitors see it now.';
export const NOTHING_TO_PREVIEW = 'Nothing to preview yet: the page is blank.';

/** How to format the text, shown beside the box: only what the server keeps (server/services/club-pages/render.ts). */
export const MARKDOWN_HELP: { write: string; get: string }[] = [
  { write: '## Our story', get: 'A heading (### for a smaller one)' },
  { write: 'A blank line', get: 'A new paragraph' },
  { write: '**words**', get: 'Bold' },
  { write: '*words*', get: 'Italics' },
  { write: '- item', get: 'A bulleted list (1. for a numbered one)' },
  { write: '[words](https://example.org)', get: 'A link (also mailto: and tel:, or a page here such as /join-us)' },
  { write: '> words', get: 'A quote' },
];

/** Whoever manages the club's site (as Settings) writes the pages; the loader gives each page as it stands. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireCan(context, request, 'clubSite');
  const asked = new URL(request.url).searchParams.get('page') ?? '';
  const slug: ClubPageSlug = isClubPageSlug(asked) ? asked : 'about';
  return { slug, page: await context.services.clubPages.get(slug) };
}

/** The preview: the Markdown rendered and sanitised by the server, exactly as it would be saved. */
export async function action({ context, request }: Route.ActionArgs) {
  const { user } = await requireCan(context, request, 'clubSite');
  const markdown = String((await request.formData()).get('markdown') ?? '').slice(0, CLUB_PAGE_MAX_CHARS);
  return { preview: await context.services.clubPages.preview(user, markdown) };
}

/** As every admin tab: the loading state until React has arrived, so nothing is typed into a page that cannot keep it yet. */
export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { slug, page } = loaderData;
  return (
    <section>
      <SectionHeader title="Pages" description="The club's own words on the website. Choose a page, change its text, preview it and save." />
      <FilterLinks
        label="Choose a page"
        items={CLUB_PAGE_SLUGS.map((s) => ({ to: `/admin/pages?page=${s}`, label: CLUB_PAGES[s].label, current: s === slug }))}
      />
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {/* A new key for another page, or the page as saved: the box starts from what is stored. */}
        <PageEditor key={`${slug} ${page.version}`} slug={slug} page={page} />
        <MarkdownHelp />
      </div>
    </section>
  );
}

/** One page's text box, its preview and its Save (with the version it was loaded at: issue 22's no lost edits). */
function PageEditor({ slug, page }: Route.ComponentProps['loaderData']) {
  const about = CLUB_PAGES[slug];
  const revalidator = useRevalidator();
  const previewer = useFetcher<typeof action>();
  const [markdown, setMarkdown] = useState(page.markdown);
  const [version, setVersion] = useState(page.version);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [showPreview, setShowPreview] = useState(false);

  function preview() {
    setShowPreview(true);
    void previewer.submit({ markdown }, { method: 'post' });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (markdown.length > CLUB_PAGE_MAX_CHARS) {
      setError(CLUB_PAGE_TOO_LONG);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const saved = await read(client.admin.pages[':slug'].$put({ param: { slug }, json: { markdown, version } }));
      setVersion(saved.version);
      toast.success(PAGE_SAVED);
      await revalidator.revalidate();
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  }

  const previewHtml = previewer.data?.preview;
  return (
    <form noValidate onSubmit={save} className="min-w-0 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <h3 className="text-lg font-bold">{about.label}</h3>
      <p className="text-sm text-muted">
        {about.shownOn}{' '}
        <a href={about.path} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          View the page
        </a>
      </p>
      <FormMessage>{error}</FormMessage>
      <TextAreaField
        label="Page text"
        name="markdown"
        rows={16}
        value={markdown}
        onChange={(e) => setMarkdown(e.target.value)}
        hint={`Written in Markdown (see How to format the text). Up to ${CLUB_PAGE_MAX_CHARS.toLocaleString('en-GB')} characters.`}
        className="font-mono"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save page'}
        </Button>
        <Button type="button" variant="secondary" onClick={preview} disabled={previewer.state !== 'idle'}>
          {previewer.state !== 'idle' ? 'Preparing the preview…' : 'Preview'}
        </Button>
      </div>
      {showPreview && previewer.state === 'idle' && previewHtml !== undefined && (
        <section aria-labelledby="page-preview" className="rounded-xl border-2 border-dashed border-line p-4" data-testid="page-preview">
          <h3 id="page-preview" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
            Preview (not saved yet)
          </h3>
          {previewHtml ? <ClubText html={previewHtml} /> : <p className="text-muted">{NOTHING_TO_PREVIEW}</p>}
        </section>
      )}
    </form>
  );
}

function MarkdownHelp() {
  return (
    <aside aria-labelledby="markdown-help" className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-line">
      <h3 id="markdown-help" className="font-bold">
        How to format the text
      </h3>
      <dl className="mt-3 space-y-3">
        {MARKDOWN_HELP.map((tip) => (
          <div key={tip.write}>
            <dt>
              <code className="rounded bg-surface px-1 py-0.5 font-mono wrap-anywhere">{tip.write}</code>
            </dt>
            <dd className="mt-0.5 text-muted">{tip.get}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-muted">Pictures, colours and anything else are left out, so every page stays safe and easy to read.</p>
    </aside>
  );
}
