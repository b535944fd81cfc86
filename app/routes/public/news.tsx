import { Link } from '../../components/ui/link';
import { EmptyState, PageHeader } from '../../components/public/empty-state';
import { ArticleHeading, ArticleImage, cardSummary } from '../../components/public/news-card';
import { ShareButtons } from '../../components/public/share-buttons';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/news';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const NEWS_EMPTY = 'No news yet. Check back soon for match reports and club announcements.';

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await context.services.news.listPublished(), origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'News',
    description: `Match reports, announcements and events from ${club().club_name}.`,
    origin: data?.origin,
    path: '/news',
  });

export default function News({ loaderData }: Route.ComponentProps) {
  const { articles, origin } = loaderData;
  return (
    <>
      <PageHeader title="Club News" intro="Match reports, club announcements and everything else going on at the club." />
      <div className="container-page py-10">
        {articles.length === 0 ? (
          <EmptyState title={NEWS_EMPTY} />
        ) : (
          <ul className="space-y-8">
            {articles.map((article, i) => {
              const excerpt = cardSummary(article);
              return (
                <li key={article.id}>
                  <article data-testid="news-item" className="overflow-hidden wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line sm:flex">
                    <ArticleImage article={article} eager={i < 2} className="aspect-video w-full bg-brand-50 object-cover sm:aspect-auto sm:w-64 sm:shrink-0" />
                    <div className="min-w-0 flex-1 p-5 sm:p-6">
                      <ArticleHeading article={article} level="h2" className="mt-1 text-xl font-bold leading-snug sm:text-2xl" />
                      {/* The summary the editor wrote; without one, a short excerpt of the article. */}
                      <p data-testid="news-summary" className="mt-3 text-ink">
                        {excerpt}
                      </p>
                      {excerpt !== article.content.trim() && (
                        <Link
                          to={`/news/${article.id}`}
                          className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                        >
                          {/* The title in the link's text, not only an aria-label: a link's words say where it goes. */}
                          Read More<span className="sr-only">: {article.title}</span>
                        </Link>
                      )}
                      <div className="mt-5">
                        <ShareButtons title={article.title} url={`${origin}/news/${article.id}`} />
                      </div>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
