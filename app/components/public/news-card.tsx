import { Link } from '../ui/link';
import { NEWS_SUMMARY_FALLBACK_CHARS } from '../../../shared/content-constants';
import type { Article } from '../../../server/services/news';
import { truncateText } from '../../lib/seo';
import { formatTimestamp } from '../../../shared/dates';

/** A card's text: the summary, or the first 150 characters of the article. */
export const cardSummary = (article: Pick<Article, 'summary' | 'content'>) =>
  article.summary?.trim() || truncateText(article.content, NEWS_SUMMARY_FALLBACK_CHARS);

/** A compact news card (home page): image, date, title and summary, linking to the article. */
export function NewsCard({ article, lazy = true }: { article: Article; lazy?: boolean }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line">
      {article.image_url && (
        <img
          src={article.image_url}
          alt=""
          width={640}
          height={360}
          loading={lazy ? 'lazy' : 'eager'}
          className="aspect-video w-full bg-brand-50 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-muted">
          <time dateTime={article.created_at}>{formatTimestamp(article.created_at)}</time>
        </p>
        <h3 className="mt-1 text-lg font-bold leading-snug">
          <Link to={`/news/${article.id}`} className="hover:text-brand-800 hover:underline">
            {article.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-sm text-muted">{cardSummary(article)}</p>
      </div>
    </article>
  );
}
