import { data } from 'react-router';
import type { Article } from '../../../server/services/news';
import { isDomainError } from '../../../shared/errors';
import { ShareButtons } from '../../components/public/share-buttons';
import { cardSummary } from '../../components/public/news-card';
import { ButtonLink } from '../../components/ui/button';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/news-article';
import { formatTimestamp } from '../../../shared/dates';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const ARTICLE_NOT_FOUND_TITLE = 'Article Not Found';
export const ARTICLE_NOT_FOUND_TEXT = "The news article you're looking for doesn't exist.";

export async function loader({ context, params }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  try {
    const article: Article = await context.services.news.getPublished(params.id);
    return { article, origin };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return data({ article: null, origin }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: d, params }) => {
  if (!d?.article) return pageMeta({ title: ARTICLE_NOT_FOUND_TITLE, description: ARTICLE_NOT_FOUND_TEXT });
  return pageMeta({
    title: d.article.title,
    description: cardSummary(d.article),
    origin: d.origin,
    path: `/news/${params.id}`,
    image: d.article.image_url,
    type: 'article',
  });
};

function BackToNews() {
  return (
    <ButtonLink to="/news" variant="secondary">
      <span aria-hidden="true">←</span> Back to News
    </ButtonLink>
  );
}

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const { article, origin } = loaderData;
  if (!article) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{ARTICLE_NOT_FOUND_TITLE}</h1>
        <p className="mt-3 text-muted">{ARTICLE_NOT_FOUND_TEXT}</p>
        <div className="mt-8">
          <BackToNews />
        </div>
      </section>
    );
  }
  return (
    <article className="container-page py-10 wrap-anywhere [&>*]:max-w-3xl">
      <BackToNews />
      <p className="mt-8 text-sm font-medium text-muted">
        <time dateTime={article.created_at}>{formatTimestamp(article.created_at)}</time> · {club().club_name}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl">{article.title}</h1>
      {article.summary && <p className="mt-4 text-xl text-muted">{article.summary}</p>}
      {article.image_url && (
        <img src={article.image_url} alt="" width={1200} height={675} className="mt-6 aspect-video w-full rounded-2xl bg-brand-50 object-cover" />
      )}
      <div className="mt-8 space-y-5 text-lg leading-relaxed">
        {article.content.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="mt-10 border-t border-line pt-6">
        <ShareButtons title={article.title} url={`${origin}/news/${article.id}`} />
      </div>
    </article>
  );
}
