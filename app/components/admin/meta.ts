import { pageTitle } from '../../../shared/club';

/** Every admin tab's <title> and description; the panel is never indexed. */
export const adminMeta = (tab: string, description: string) => [
  { title: pageTitle(`${tab} · Admin`) },
  { name: 'description', content: description },
  { name: 'robots', content: 'noindex' },
];
