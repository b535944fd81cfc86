import { truncateText } from '../../lib/seo';

/**
 * A long text shown shortened with 'Read More' / 'Show Less'. Built on <details>, so it works
 * without JavaScript and the toggle is a real, keyboard-usable control.
 */
export function ReadMore({ text, limit, className = '' }: { text: string; limit: number; className?: string }) {
  if (text.length <= limit) return <p className={`whitespace-pre-line ${className}`}>{text}</p>;
  return (
    <div className={`group/readmore ${className}`}>
      <p className="whitespace-pre-line group-has-[details[open]]/readmore:hidden">{truncateText(text, limit)}</p>
      <details className="group/more flex flex-col-reverse">
        <summary className="mt-2 inline-block w-fit rounded font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
          <span className="group-open/more:hidden">Read More</span>
          <span className="hidden group-open/more:inline">Show Less</span>
        </summary>
        <p className="whitespace-pre-line">{text}</p>
      </details>
    </div>
  );
}
