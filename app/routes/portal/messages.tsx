import { useFetcher } from 'react-router';
import { formatStamp } from '../../../shared/dates';
import { EMPTY_NEXT, EmptyState, NO_MESSAGES, PortalSection } from '../../components/portal';
import { formError } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/messages';
import { portalRead } from './portal.server';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Messages | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { messages: await portalRead('messages', () => context.services.portal.myMessages(user), []) };
}

/** Opening a message marks it read (saved per user). */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  try {
    await context.services.portal.readMessage(user, String(form.get('id') ?? ''));
    return { ok: true as const };
  } catch (error) {
    return formError(error);
  }
}

type Message = Route.ComponentProps['loaderData']['messages'][number];

function MessageItem({ message }: { message: Message }) {
  const fetcher = useFetcher();
  const read = message.read || fetcher.state !== 'idle' || fetcher.data?.ok;
  const sent = formatStamp(message.created_at);
  return (
    <li>
      <details
        className={`group rounded-xl ring-1 ring-line ${read ? 'bg-white' : 'bg-brand-50'}`}
        onToggle={(event) => {
          if (event.currentTarget.open && !read) fetcher.submit({ id: message.id }, { method: 'post' });
        }}
      >
        <summary className="flex cursor-pointer list-none items-start gap-3 p-4 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${read ? 'ring-1 ring-line' : 'bg-brand-700'}`} />
          <span className="min-w-0 flex-1">
            <span className={`block ${read ? 'font-medium' : 'font-bold'} text-ink`}>
              {message.subject}
              {!read && <span className="ml-2 rounded-full bg-brand-800 px-2 py-0.5 align-middle text-xs font-semibold text-white">New</span>}
            </span>
            <span className="mt-0.5 block text-xs text-muted">
              From {message.sender_name} · {sent} · {message.player_id ? 'To you' : 'To all players'}
            </span>
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 size-4 shrink-0 text-muted transition-transform group-open:rotate-180" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </summary>
        <div className="border-t border-line px-4 pb-4 pt-3">
          <p className="whitespace-pre-line text-ink">{message.body}</p>
          {!read && (
            <fetcher.Form method="post" className="mt-3">
              <input type="hidden" name="id" value={message.id} />
              <button type="submit" className="text-sm font-semibold text-brand-800 underline">
                Mark as read
              </button>
            </fetcher.Form>
          )}
        </div>
      </details>
    </li>
  );
}

export default function PortalMessages({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  const unread = messages.filter((m) => !m.read).length;
  return (
    <PortalSection title="Messages" description={messages.length ? `${unread} unread · newest first` : undefined}>
      {messages.length === 0 ? (
        <EmptyState next={EMPTY_NEXT.messages} action={{ to: '/players-area/account', label: 'Choose which e-mails you get' }}>
          {NO_MESSAGES}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
    </PortalSection>
  );
}
