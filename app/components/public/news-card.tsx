import { Link } from '../ui/link';
import { NEWS_SUMMARY_FALLBACK_CHARS } from '../../../shared/content-constants';
import type { Article } from '../../../server/services/news';
import { truncateText } from '../../lib/seo';
import { formatTimestamp } from '../../../shared/dates';

/** A card's text: the summary, or the first 150 characters of the article. */
export const cardSummary = (article: Pick<Article, 'summary' | 'content'>) =>
  article.summary?.trim() || truncateText(article.content, NEWS_SUMMARY_FALLBACK_CHARS);

/** An article's photo, when it has one, at the card's 16:9 size. */
export function ArticleImage({ article, eager, className }: { article: Pick<Article, 'image_url'>; eager: boolean; className: string }) {
  if (!article.image_url) return null;
  return <img src={article.image_url} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} className={className} />;
}

/** An article's date above its title, the title linking to the article. */
export function ArticleHeading({ article, level: Heading, className }: { article: Pick<Article, 'id' | 'title' | 'created_at'>; level: 'h2' | 'h3'; className: string }) {
  return (
    <>
      <p className="text-sm text-muted">
        <time dateTime={article.created_at}>{formatTimestamp(article.created_at)}</time>
      </p>
      <Heading className={className}>
        <Link to={`/news/${article.id}`} className="hover:text-brand-800 hover:underline">
          {article.title}
        </Link>
      </Heading>
    </>
  );
}

/** A compact news card (home page): image, date, title and summary, linking to the article. */
export function NewsCard({ article, lazy = true }: { article: Article; lazy?: boolean }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line">
      <ArticleImage article={article} eager={!lazy} className="aspect-video w-full bg-brand-50 object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <ArticleHeading article={article} level="h3" className="mt-1 text-lg font-bold leading-snug" />
        <p className="mt-2 flex-1 text-sm text-muted">{cardSummary(article)}</p>
      </div>
    </article>
  );
}
