import type { ClubPageSlug } from '../../shared/club-pages';
import { DEFAULT_CLUB_PAGES } from '../services/club-pages/defaults';
import { renderClubPage } from '../services/club-pages/render';
import type { DbOrTx } from './client';
import { clubPages } from './schema';

/**
 * The sample club's pages (issue 33): the texts its About and home pages had when they were code,
 * word for word, and the privacy notice every club starts from.
 */
export const SAMPLE_CLUB_PAGES: Record<ClubPageSlug, string> = {
  about: `Open-access football for players of all abilities, run by volunteers since the very first kickabout on the rec.

## Our Story

Riverside Rovers FC started as a Sunday kickabout between neighbours who missed playing. Word got round, more people turned up, and before long we had enough players for a team, then two.

Today we run a Senior team and a Vets team, with plans for youth football. We have never held trials: if you want to play, you play. Some of our players have been at it for thirty years; some kicked a ball for the first time with us.

## Our Values

### Open to everyone

Any age, any ability, any background. If you want to play, there is a place for you.

### Community first

We are run by volunteers for the people of Riverside, and every penny goes back into the club.

### Respect

For team-mates, opponents and referees, on the pitch and off it.

### Enjoyment

We play to win, but we play for the love of the game above all.

## Facilities

### Floodlit grass pitch

Our home pitch at Riverside Playing Fields, with floodlights for winter training.

### Changing rooms

Home and away changing rooms with showers.

### Clubhouse

Tea, coffee and a warm welcome after every home game.

### Parking

Free parking on Mill Lane, a short walk from the pitch.
`,
  welcome: 'Whatever your age, fitness or experience, there is a place for you on our pitch. Come and play, volunteer or cheer us on.\n',
  privacy: DEFAULT_CLUB_PAGES.privacy,
};

/**
 * Writes the club's pages at initialization: the sample club's texts, or (an empty club) the
 * neutral defaults: About and the welcome blank, the privacy notice's template.
 */
export async function seedClubPages(tx: DbOrTx, options: { sample: boolean }): Promise<void> {
  const texts = options.sample ? SAMPLE_CLUB_PAGES : DEFAULT_CLUB_PAGES;
  const rows = Object.entries(texts).map(([slug, markdown]) => ({ slug, markdown, html: renderClubPage(markdown), updated_by: null }));
  await tx.insert(clubPages).values(rows).onConflictDoNothing();
}
