/**
 * Sample content written once by database initialization: the club's settings, shop products,
 * fixtures, news, sponsors and squad of "Riverside Rovers FC", an open-access grassroots club.
 *
 * The content is fixed; only dates move with today so that "upcoming" and "results" always look
 * current. Every image is a local SVG under public/images/seed/, so the site never depends on
 * another host.
 */
import type { DbOrTx } from './client';
import { SAMPLE_CLUB } from '../../shared/club';
import { sql } from 'drizzle-orm';
import { DEFAULT_TRAINING_PLACE } from '../../shared/teams-constants';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { seedClubPages } from './seed-club-pages';
import { fixtures, news, players, playerStats, playerTeams, products, settings, sponsors, teams, teamStaff, trainingSlots } from './schema';

const IMG = '/images/seed';
const img = (file: string) => `${IMG}/${file}.svg`;

// ---------------------------------------------------------------------------------------------
// Dates relative to today (server local time)

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(base: Date, days: number): Date {
  const d = new Date(base.getFullYear(), base.getMonth(), base.getDate());
  d.setDate(d.getDate() + days);
  return d;
}

/** A local date as 'YYYY-MM-DD'. */
function isoDate(d: Date): string {
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

// ---------------------------------------------------------------------------------------------
// Settings

const CLUB_SETTINGS = {
  id: 1,
  whatsapp_number: '447700900123',
  club_email: 'hello@riversiderovers.club',
  sales_email: 'shop@riversiderovers.club',
  club_address: 'Riverside Playing Fields, Mill Lane, Riverside RV1 2AB',
  // Issue 33: the sample club's identity, as stored (Settings → Club shows it).
  ...SAMPLE_CLUB,
};

// ---------------------------------------------------------------------------------------------
// Shop

const ADULT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const JUNIOR_SIZES = ['5-6', '7-8', '9-10', '11-12', '13'];

// In the shop's display order (sort_order): the kit first, as a club shop leads with it.
const PRODUCTS: (typeof products.$inferInsert)[] = [
  {
    name: 'Home Shirt 2025/26',
    sort_order: 10,
    category: 'Kit',
    price: 34.99,
    stock: 42,
    sizes: ADULT_SIZES,
    images: [
      img('home-shirt-front'),
      img('home-shirt-back'),
      img('home-shirt-crest'),
      img('home-shirt-collar'),
      img('home-shirt-hanger'),
    ],
    description:
      'Our deep green home shirt with gold trim, exactly as worn on a Sunday morning at Mill Lane. ' +
      'Lightweight, breathable recycled polyester with a ribbed V-neck collar, embroidered club crest ' +
      'and a woven "Rovers Together" tag inside the neck. Every shirt sold helps keep our subs low.',
  },
  {
    name: 'Away Shirt 2025/26',
    sort_order: 20,
    category: 'Kit',
    price: 34.99,
    stock: 3,
    sizes: ['S', 'M', 'L', 'XL'],
    images: [img('away-shirt-front'), img('away-shirt-back')],
    description:
      'The gold away shirt with green sleeves and collar. Same match-day fabric as the home shirt, ' +
      'cut slightly roomier. Last few left from this season\'s batch: we will not reorder until summer.',
  },
  {
    name: 'Junior Home Shirt',
    sort_order: 30,
    category: 'Kit',
    price: 24.99,
    stock: 18,
    sizes: JUNIOR_SIZES,
    images: [img('junior-shirt-front')],
    description:
      'The home shirt in children\'s sizes, for young supporters on the touchline. Machine washable ' +
      'at 30°C and tough enough for a kickabout in the car park after the game.',
  },
  {
    name: 'Match Shorts',
    sort_order: 40,
    category: 'Kit',
    price: 14.99,
    stock: 25,
    sizes: ADULT_SIZES,
    images: [img('match-shorts')],
    description:
      'Green match shorts with a gold side stripe and an elasticated drawcord waist. ' +
      'Pairs with either shirt.',
  },
  {
    name: 'Quarter-Zip Training Top',
    sort_order: 50,
    category: 'Training',
    price: 29.99,
    stock: 0,
    sizes: ['S', 'M', 'L', 'XL'],
    images: [img('training-top-front'), img('training-top-back')],
    description:
      'A warm quarter-zip midlayer for cold Thursday evenings under the floodlights. Brushed inner ' +
      'fabric, thumb loops and a zipped chest pocket for your keys. Sold out: more are on order, ' +
      'message the shop to be told when they arrive.',
  },
  {
    name: 'Club Water Bottle',
    sort_order: 60,
    category: 'Training',
    price: 6.99,
    stock: 50,
    sizes: [],
    images: [img('water-bottle')],
    description:
      '750 ml BPA-free squeezy bottle in club green with a gold crest. Dishwasher safe (top rack), ' +
      'and one fewer plastic bottle left on the touchline.',
  },
  {
    name: 'Bar Scarf',
    sort_order: 70,
    category: 'Accessories',
    price: 12.0,
    stock: 30,
    sizes: [],
    images: [img('bar-scarf')],
    description:
      'A classic knitted bar scarf in green and gold with "RIVERSIDE ROVERS" woven at both ends. ' +
      'One size, fringed, and warmer than it looks.',
  },
  {
    name: 'Club Mug',
    sort_order: 80,
    category: 'Accessories',
    price: 8.5,
    stock: 22,
    sizes: [],
    images: [img('club-mug')],
    description:
      'A 330 ml ceramic mug with the club crest on one side and "Up the Rovers!" on the other. ' +
      'Made for the half-time tea urn, happy on your desk too.',
  },
];

// ---------------------------------------------------------------------------------------------
// Fixtures (dates in days relative to the coming / the last Sunday: Vets games are on Sundays)

const HOME_GROUND = 'Riverside Playing Fields, Mill Lane';
const LEAGUE = 'Sunday League Division 2';
const CUP = 'County Cup';
const FRIENDLY = 'Friendly';

const LONG_REPORT = [
  'A proper Sunday morning performance at Mill Lane. Weir Street arrived third in the table and ' +
    'started the brighter, hitting the bar inside five minutes, but Gary Pearce was untroubled after ' +
    'that and the back four of Marsh, McLeod and co. barely gave them a sight of goal.',
  'Paul Kowalski opened the scoring on 23 minutes, curling in from the edge of the box after ' +
    'Neil Fairbairn won the ball back in midfield. Weir Street levelled just before half-time from ' +
    'a corner that nobody attacked, which earned us a few choice words from the manager at the break.',
  'The second half was all Rovers. Tony Barrett restored the lead with a header from Kowalski\'s ' +
    'free kick, and Barrett added his second with ten minutes left, rounding the keeper after a ' +
    'lovely through ball from Andy McLeod of all people. Three points, a clean second half and ' +
    'up to fourth in the table.',
  'Thanks as ever to the volunteers on the tea urn and to everyone who came down to watch. ' +
    'Man of the match: Tony Barrett.',
].join('\n\n');

type FixtureSeed = Omit<typeof fixtures.$inferInsert, 'match_date' | 'team_id'> & {
  /** 'next' counts from the coming Sunday (always after today), 'last' from the last Sunday (always before today). */
  from: 'next' | 'last';
  days: number;
};

const FIXTURES: FixtureSeed[] = [
  // Upcoming
  {
    from: 'next', days: 0, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Oakfield Athletic Vets', status: 'upcoming',
  },
  {
    from: 'next', days: 6, match_time: '14:00', venue: 'Hollow Lane Recreation Ground', competition: CUP,
    is_home: false, away_team: 'Hollow Lane Rangers', status: 'upcoming',
  },
  {
    from: 'next', days: 7, match_time: '10:30', venue: "St Mark's Park, Pitch 3", competition: LEAGUE,
    is_home: false, away_team: "St Mark's Old Boys", status: 'upcoming',
  },
  {
    from: 'next', days: 14, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Kingsbridge Vets', status: 'upcoming',
  },
  {
    from: 'next', days: 21, match_time: '11:00', venue: HOME_GROUND, competition: FRIENDLY,
    is_home: true, away_team: 'Brookside Wanderers', status: 'upcoming',
  },
  // Results (is_home decides which score is ours)
  {
    from: 'last', days: 0, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Weir Street United', home_score: 3, away_score: 1, status: 'completed',
    match_report: LONG_REPORT,
  },
  {
    from: 'last', days: -4, match_time: '19:45', venue: 'Ashgrove Community Stadium', competition: CUP,
    is_home: false, away_team: 'Ashgrove Town Vets', home_score: 1, away_score: 2, status: 'completed',
    match_report: 'Through to the quarter-finals! Ellis Mensah and a late Ravi Sandhu penalty did it under the lights.',
  },
  {
    from: 'last', days: -7, match_time: '10:30', venue: 'Millfield Park', competition: LEAGUE,
    is_home: false, away_team: 'Millfield Town', home_score: 3, away_score: 0, status: 'completed',
    match_report: 'A tough morning against the league leaders. We go again next week.',
  },
  {
    from: 'last', days: -14, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Castle Road FC', status: 'cancelled',
    match_report: 'Postponed: the pitch was waterlogged after overnight rain. A new date will be announced.',
  },
  {
    from: 'last', days: -21, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Northgate Vets', home_score: 2, away_score: 2, status: 'completed',
    match_report: 'Two goals down at half-time, level by the hour. A point well earned.',
  },
  {
    from: 'last', days: -28, match_time: '10:00', venue: 'Ferry Lane Sports Ground', competition: LEAGUE,
    is_home: false, away_team: 'Ferry Lane Athletic', home_score: 2, away_score: 4, status: 'completed',
  },
  {
    from: 'last', days: -35, match_time: '10:30', venue: HOME_GROUND, competition: LEAGUE,
    is_home: true, away_team: 'Oldbury Sports', home_score: 0, away_score: 1, status: 'completed',
  },
  {
    from: 'last', days: -42, match_time: '11:00', venue: HOME_GROUND, competition: FRIENDLY,
    is_home: true, away_team: 'Riverside Police FC', home_score: 1, away_score: 1, status: 'completed',
    match_report: 'Pre-season run-out for the whole squad; everyone got at least 45 minutes.',
  },
];

// ---------------------------------------------------------------------------------------------
// News (daysAgo decides created_at: newest first)

type NewsSeed = Omit<typeof news.$inferInsert, 'created_at' | 'updated_at'> & { daysAgo: number };

const NEWS: NewsSeed[] = [
  {
    daysAgo: 2,
    title: 'Rovers into the County Cup quarter-finals',
    summary: 'A midweek win away at Ashgrove Town sets up a quarter-final trip to Hollow Lane Rangers.',
    image_url: img('news-trophy'),
    is_published: true,
    content: [
      'What a night at Ashgrove. Under the lights and in a steady drizzle, the Vets came from behind ' +
        'to beat Ashgrove Town 2-1 and reach the last eight of the County Cup for the first time since ' +
        'the club was founded.',
      'Ashgrove went ahead early, but Ellis Mensah, guesting from the senior squad, levelled before ' +
        'the break with a low finish at the near post. With four minutes left Ravi Sandhu was brought ' +
        'down in the box and calmly sent the keeper the wrong way from the spot.',
      'The quarter-final is away at Hollow Lane Rangers on a Saturday afternoon. A minibus will leave ' +
        'Mill Lane at 12:30: message the club on WhatsApp to reserve a seat. Bring your voices.',
    ].join('\n\n'),
  },
  {
    daysAgo: 6,
    title: 'New home kit now in the club shop',
    summary: null,
    image_url: img('home-shirt-front'),
    is_published: true,
    content: [
      'The 2025/26 home shirt has landed. It keeps the deep green we have always played in, adds a ' +
        'gold V-neck and cuffs, and carries an embroidered crest for the first time. Adult sizes from ' +
        'S to XXL and junior sizes from 5-6 years are available now in the online shop.',
      'Every kit sale goes straight back into the club: pitch hire, referees\' fees and the kit ' +
        'washing rota all cost money, and shirt sales are one of the ways we keep subs affordable ' +
        'for everyone who wants to play.',
      'Thank you to Hartley & Sons Builders for sponsoring the shirts again this season.',
    ].join('\n\n'),
  },
  {
    daysAgo: 11,
    title: 'Vets training: Thursday nights under the floodlights',
    summary: 'Vets training is every Thursday at 8:00 PM at Mill Lane. New faces are always welcome.',
    image_url: img('news-training'),
    is_published: true,
    content: [
      'With the clocks gone back, Vets training has moved onto the floodlit pitch at Riverside ' +
        'Playing Fields, every Thursday from 8:00 PM. Sessions are relaxed: a warm-up, some passing ' +
        'drills and a small-sided game to finish.',
      'You do not need to have played for years, and you do not need to be fit to start. Turn up ' +
        'ten minutes early in boots or astro trainers, bring a water bottle and say hello to Sarah ' +
        'or Dave at the gate. Your first three sessions are free.',
    ].join('\n\n'),
  },
  {
    daysAgo: 17,
    title: 'Volunteers wanted for match days',
    summary: null,
    image_url: img('news-team'),
    is_published: true,
    content: [
      'Riverside Rovers is run entirely by volunteers, and we are looking for a few more pairs of ' +
        'hands on Sunday mornings. We need people to help put the nets up, run the tea urn, take a ' +
        'turn as club linesman, and post the results on social media.',
      'No experience is needed, and even one Sunday a month makes a real difference. If you can ' +
        'help, fill in the Join Us form and tick "volunteer", or simply come and find us at the ' +
        'clubhouse before kick-off.',
    ].join('\n\n'),
  },
  {
    daysAgo: 24,
    title: 'Pitch improvement fund passes £5,000',
    summary: 'Thanks to a sponsored walk and the summer tournament, the drainage works can go ahead.',
    image_url: img('news-pitch'),
    is_published: true,
    content: [
      'Our fundraising for better drainage at Mill Lane has passed £5,000. The sponsored walk along ' +
        'the river raised £1,870 on its own, and the summer six-a-side tournament added another £2,100.',
      'The work is planned for the close season, so that waterlogged pitches and postponed games ' +
        'become a thing of the past. Thank you to everyone who walked, played, baked or donated.',
    ].join('\n\n'),
  },
  {
    daysAgo: 31,
    title: 'Annual general meeting: the results',
    summary: null,
    image_url: img('news-ball'),
    is_published: true,
    content:
      'Thank you to the 34 members who came to this year\'s AGM at the clubhouse. Dave Hollins was ' +
      're-elected chair, subs stay at £10 a month, and the club will look into starting a walking ' +
      'football group. Minutes are available from the club secretary on request.',
  },
  {
    daysAgo: 1,
    title: 'Walking football starts in the spring (draft)',
    summary: 'A gentle, no-running version of the game for anyone over 50.',
    image_url: img('news-ball'),
    is_published: false,
    content: [
      'Following the AGM, we are planning weekly walking football sessions from the spring. ' +
        'Walking football is a slower, no-contact version of the game: no running, no slide ' +
        'tackles, and the ball stays below head height.',
      'Details of the day and time to follow once the pitch booking is confirmed.',
    ].join('\n\n'),
  },
];

// ---------------------------------------------------------------------------------------------
// Sponsors

const SPONSORS: (typeof sponsors.$inferInsert)[] = [
  {
    name: 'Millbrook Motors',
    tier: 'main',
    category: 'Main Sponsor',
    logo_url: img('sponsor-millbrook-motors'),
    website_url: 'https://example.com/millbrook-motors',
    description:
      'Family-run garage on the High Street: servicing, MOTs and repairs. Our main sponsor for five seasons running.',
  },
  {
    name: 'Hartley & Sons Builders',
    tier: 'partner',
    category: 'Kit Sponsor',
    logo_url: img('sponsor-hartley-sons'),
    website_url: 'https://example.com/hartley-and-sons',
    description: 'Local builders and roofers, proudly on the front of our home and away shirts.',
  },
  {
    name: 'The Ferryman Arms',
    tier: 'partner',
    category: 'Kit Sponsor',
    logo_url: img('sponsor-ferryman-arms'),
    website_url: null,
    description: 'Our post-match pub, sponsor of the training kit. Sunday roasts from 12.',
  },
  {
    name: 'Riverside Community Trust',
    tier: 'partner',
    category: 'Community Partner',
    logo_url: img('sponsor-community-trust'),
    website_url: 'https://example.com/riverside-community-trust',
    description: 'Supports our free taster sessions and the walking football project.',
  },
  {
    name: 'Greenway Physio',
    tier: 'supporter',
    category: 'Community Partner',
    logo_url: img('sponsor-greenway-physio'),
    website_url: 'https://example.com/greenway-physio',
    description: null,
  },
  {
    name: "Lane's Bakery",
    tier: 'supporter',
    category: 'Community Partner',
    logo_url: img('sponsor-lanes-bakery'),
    website_url: null,
    description: null,
  },
  {
    name: 'Brightside Print Co.',
    tier: 'supporter',
    category: 'Community Partner',
    logo_url: img('sponsor-brightside-print'),
    website_url: 'https://example.com/brightside-print',
    description: 'Printers of our programmes, posters and the occasional very large banner.',
  },
];

// ---------------------------------------------------------------------------------------------
// Squad
// No photos: the squad page shows each player as a club-coloured tile with initials and number
// until the club uploads real ones.

type StatsSeed = Omit<typeof playerStats.$inferInsert, 'player_id' | 'updated_at'>;
const SEED_TEAMS = [
  { name: 'Senior', slug: 'senior', sort_order: 1 },
  { name: 'Vets', slug: 'vets', sort_order: 2 },
];

type PlayerSeed = Omit<typeof players.$inferInsert, 'user_id'> & { stats?: StatsSeed };

const PLAYERS: PlayerSeed[] = [
  // Senior
  {
    full_name: 'Tom Askew', jersey_number: 1, position: 'Goalkeeper', team_type: 'Senior', nationality: 'English',
    date_of_birth: '1998-04-12', height: '188 cm', weight: '84 kg',
    bio: 'Safe hands and a loud voice. Tom joined from a five-a-side league and has not looked back.',
    social_media: { instagram: 'https://instagram.com/tomaskew_gk' },
    stats: { matches_played: 14, matches_started: 14, goals: 0, assists: 0, minutes_played: 1260, yellow_cards: 1, red_cards: 0 },
  },
  {
    full_name: 'Jamal Reid', jersey_number: 5, position: 'Defender', team_type: 'Senior', nationality: 'English',
    date_of_birth: '1996-09-30', height: '185 cm', weight: '82 kg',
    bio:
      'Club captain and the calmest man on the pitch. Jamal came through the local youth leagues, ' +
      'had a couple of seasons in the county league, and came to Riverside because his mates did. ' +
      'He organises the defence, takes the long throws and, when nobody else will, the team talk. ' +
      'Off the pitch he runs the kit washing rota with an iron fist.',
    social_media: { instagram: 'https://instagram.com/jamalreid5', x: 'https://x.com/jamalreid5' },
    stats: { matches_played: 13, matches_started: 13, goals: 2, assists: 1, minutes_played: 1170, yellow_cards: 3, red_cards: 0 },
  },
  {
    full_name: 'Connor Walsh', jersey_number: 3, position: 'Defender', team_type: 'Senior', nationality: 'Irish',
    date_of_birth: '2000-01-18',
    bio: 'Left-back who loves an overlap. Never knowingly beaten in a sprint to the corner flag.',
    social_media: {},
    stats: { matches_played: 12, matches_started: 10, goals: 0, assists: 4, minutes_played: 965, yellow_cards: 2, red_cards: 1 },
  },
  {
    full_name: 'Lewis Pritchard', jersey_number: 8, position: 'Midfielder', team_type: 'Senior', nationality: 'Welsh',
    date_of_birth: '1997-06-05', height: '176 cm', weight: '71 kg',
    bio: 'Box-to-box engine. Lewis covers more ground than anyone and still finds time to complain about it.',
    social_media: {},
    stats: { matches_played: 14, matches_started: 12, goals: 3, assists: 5, minutes_played: 1105, yellow_cards: 0, red_cards: 0 },
  },
  {
    full_name: 'Ravi Sandhu', jersey_number: 10, position: 'Midfielder', team_type: 'Senior', nationality: 'English',
    // Ravi chose to show his date of birth, height and weight (everyone else: age only).
    show_personal_details: true, date_of_birth: '1995-11-22', height: '172 cm', weight: '68 kg',
    bio:
      'Our playmaker and penalty taker. Ravi sees passes nobody else does and has not missed from ' +
      'the spot in two seasons, including the late winner at Ashgrove that sent us into the County ' +
      'Cup quarter-finals. During the week he coaches the under-9s at his local primary school.',
    social_media: { instagram: 'https://instagram.com/ravisandhu10', tiktok: 'https://tiktok.com/@ravisandhu10' },
    stats: { matches_played: 14, matches_started: 14, goals: 7, assists: 9, minutes_played: 1240, yellow_cards: 1, red_cards: 0 },
  },
  {
    full_name: 'Kieran Doyle', jersey_number: 9, position: 'Forward', team_type: 'Senior', nationality: 'Scottish',
    date_of_birth: '1999-03-14',
    bio: 'Old-fashioned centre-forward: good in the air, better in the six-yard box.',
    social_media: {},
    stats: { matches_played: 11, matches_started: 9, goals: 9, assists: 2, minutes_played: 840, yellow_cards: 2, red_cards: 0 },
  },
  {
    full_name: 'Ellis Mensah', jersey_number: 11, position: 'Forward', team_type: 'Senior', nationality: 'Ghanaian',
    date_of_birth: '2002-08-09', height: '179 cm', weight: '73 kg',
    bio: 'Quick, direct and fearless. Ellis joined last season after an open session and has been scoring ever since.',
    social_media: { instagram: 'https://instagram.com/ellis.mensah11' },
    stats: { matches_played: 13, matches_started: 8, goals: 6, assists: 3, minutes_played: 790, yellow_cards: 0, red_cards: 0 },
  },
  // Vets
  {
    full_name: 'Gary Pearce', jersey_number: 1, position: 'Goalkeeper', team_type: 'Vets', nationality: 'English',
    date_of_birth: '1978-02-27', height: '183 cm', weight: '92 kg',
    bio:
      'Gary has kept goal for Riverside since the club was a kickabout on the rec. Thirty-odd years ' +
      'in goal have left him with dodgy knees, excellent positioning and an opinion on every ' +
      'referee in the county. He also mows the pitch on Saturday evenings.',
    social_media: {},
    stats: { matches_played: 10, matches_started: 10, goals: 0, assists: 0, minutes_played: 900, yellow_cards: 0, red_cards: 0 },
  },
  {
    full_name: 'Steve Marsh', jersey_number: 4, position: 'Defender', team_type: 'Vets', nationality: 'English',
    date_of_birth: '1981-07-03',
    bio: 'No-nonsense centre-half. If in doubt, the ball goes into the river.',
    social_media: {},
    stats: { matches_played: 10, matches_started: 10, goals: 1, assists: 0, minutes_played: 880, yellow_cards: 4, red_cards: 1 },
  },
  {
    full_name: 'Andy McLeod', jersey_number: 6, position: 'Defender', team_type: 'Vets', nationality: 'Scottish',
    date_of_birth: '1983-12-11', height: '180 cm', weight: '80 kg',
    bio: 'Reads the game beautifully, which is handy because he no longer runs it.',
    social_media: { facebook: 'https://facebook.com/andy.mcleod.rovers' },
    stats: { matches_played: 9, matches_started: 8, goals: 0, assists: 2, minutes_played: 730, yellow_cards: 1, red_cards: 0 },
  },
  {
    full_name: 'Paul Kowalski', jersey_number: 7, position: 'Midfielder', team_type: 'Vets', nationality: 'Polish',
    date_of_birth: '1984-05-20', height: '178 cm', weight: '77 kg',
    bio:
      'Set-piece specialist with a wand of a right foot. Paul moved to Riverside for work in 2010, ' +
      'found the club through a flyer in the bakery window and has been a fixture in midfield ever ' +
      'since. Scorer of the opener against Weir Street and of more free kicks than he will let anyone forget.',
    social_media: { instagram: 'https://instagram.com/pkowalski7' },
    stats: { matches_played: 10, matches_started: 10, goals: 5, assists: 6, minutes_played: 860, yellow_cards: 0, red_cards: 0 },
  },
  {
    full_name: 'Neil Fairbairn', jersey_number: 8, position: 'Midfielder', team_type: 'Vets', nationality: 'English',
    date_of_birth: '1980-10-08',
    bio: 'Wins the ball, gives it to Paul. Repeat for ninety minutes.',
    social_media: {},
    stats: { matches_played: 8, matches_started: 6, goals: 1, assists: 3, minutes_played: 560, yellow_cards: 2, red_cards: 0 },
  },
  {
    full_name: 'Tony Barrett', jersey_number: 9, position: 'Forward', team_type: 'Vets', nationality: 'Jamaican',
    date_of_birth: '1979-01-25', height: '186 cm', weight: '88 kg',
    bio: 'Target man and the Vets\' top scorer three seasons running. Still the first to the bar afterwards.',
    social_media: {},
    stats: { matches_played: 10, matches_started: 9, goals: 11, assists: 2, minutes_played: 800, yellow_cards: 1, red_cards: 0 },
  },
  // Staff
  {
    full_name: 'Dave Hollins', jersey_number: null, position: 'Staff', team_type: 'Staff', nationality: 'English',
    date_of_birth: '1968-03-16',
    bio:
      'Club chair and Vets manager. Dave founded Riverside Rovers in 2009 with a bag of balls and a ' +
      'borrowed set of bibs, and still believes that anyone who wants to play should get a game. ' +
      'He holds the FA Level 1 coaching badge and does most of the paperwork nobody sees.',
    social_media: { x: 'https://x.com/riversidedave' },
  },
  {
    full_name: 'Sarah Okafor', jersey_number: null, position: 'Staff', team_type: 'Staff', nationality: 'English',
    date_of_birth: '1987-07-29',
    bio: 'First-team coach and welfare officer. UEFA C licence; runs Thursday training and the open sessions.',
    social_media: { instagram: 'https://instagram.com/coach.sarah.o' },
  },
  {
    full_name: 'Mike Brennan', jersey_number: null, position: 'Staff', team_type: 'Staff', nationality: 'Irish',
    date_of_birth: '1975-11-02',
    bio: 'Physio and kit man. Carries the magic sponge and the spare laces.',
    social_media: {},
  },
];

/** What each of the seeded staff does, and for which team (their bios say the same). */
const STAFF_ROLES = [
  { name: 'Dave Hollins', team: 'vets', role: 'manager' },
  { name: 'Sarah Okafor', team: 'senior', role: 'coach' },
  { name: 'Mike Brennan', team: 'senior', role: 'assistant' },
] as const;

function playerRow(seed: PlayerSeed): typeof players.$inferInsert {
  const row = { ...seed };
  delete row.stats;
  return { ...row, user_id: null };
}

// ---------------------------------------------------------------------------------------------

/** Writes the sample content; run inside the initialization transaction on an empty database. */
export async function seedSampleContent(tx: DbOrTx): Promise<void> {
  const now = new Date();
  const today = addDays(now, 0);
  const dow = today.getDay(); // 0 = Sunday
  const nextSunday = addDays(today, dow === 0 ? 7 : 7 - dow); // 1..7 days ahead
  const lastSunday = addDays(today, dow === 0 ? -7 : -dow); // 1..7 days back

  await tx
    .insert(settings)
    .values({ ...CLUB_SETTINGS, updated_at: now })
    .onConflictDoUpdate({
      target: settings.club_id,
      set: {
        whatsapp_number: CLUB_SETTINGS.whatsapp_number,
        club_email: CLUB_SETTINGS.club_email,
        sales_email: CLUB_SETTINGS.sales_email,
        club_address: CLUB_SETTINGS.club_address,
        updated_at: now,
      },
    });

  // About, the home page's welcome and the privacy notice (issue 33).
  await seedClubPages(tx, { sample: true });

  await tx.insert(products).values(PRODUCTS);

  // Senior and Vets come from migration 0005 (every database has them); they are added here only
  // if an admin removed them before initializing, with Tuesday and Thursday training (docs/product.md#initialize).
  await tx.insert(teams).values(SEED_TEAMS).onConflictDoNothing();
  const teamRows = await tx.select({ id: teams.id, slug: teams.slug }).from(teams);
  const teamId = (slug: string) => teamRows.find((t) => t.slug === slug)!.id;
  for (const slug of ['senior', 'vets']) {
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(trainingSlots).where(sql`${trainingSlots.team_id} = ${teamId(slug)}`);
    if (n === 0) {
      await tx.insert(trainingSlots).values(
        [2, 4].map((weekday) => ({ team_id: teamId(slug), weekday, start_time: '19:00', end_time: '21:00', place: DEFAULT_TRAINING_PLACE })),
      );
    }
  }

  await tx.insert(fixtures).values(
    FIXTURES.map(({ from, days, ...fixture }) => ({
      ...fixture,
      // The veterans' league opponents play the Vets; everyone else the Senior team.
      team_id: teamId(/\bVets\b/.test(fixture.away_team) ? 'vets' : 'senior'),
      match_date: isoDate(addDays(from === 'next' ? nextSunday : lastSunday, days)),
    })),
  );

  await tx.insert(news).values(
    NEWS.map(({ daysAgo, ...article }) => {
      const at = new Date(now.getTime() - daysAgo * DAY_MS - 3 * 60 * 60 * 1000);
      return { ...article, created_at: at, updated_at: at };
    }),
  );

  await tx.insert(sponsors).values(SPONSORS);

  const inserted = await tx
    .insert(players)
    .values(PLAYERS.map(playerRow))
    .returning({ id: players.id, full_name: players.full_name });
  const idByName = new Map(inserted.map((p) => [p.full_name, p.id]));
  // Vets play for the Vets, seniors for the Senior team; the staff run teams and play for none.
  await tx.insert(playerTeams).values(
    PLAYERS.filter((p) => p.team_type !== 'Staff').map((p) => ({
      player_id: idByName.get(p.full_name)!,
      team_id: teamId(p.team_type === 'Vets' ? 'vets' : 'senior'),
      // The sample squad has played together for a season: every recent session counts for them.
      joined_on: addDaysIso(clubDateOf(now), -365),
    })),
  );
  await tx.insert(teamStaff).values(
    STAFF_ROLES.map(({ name, team, role }) => ({ player_id: idByName.get(name)!, team_id: teamId(team), role })),
  );

  const stats = PLAYERS.flatMap((p) => {
    const id = idByName.get(p.full_name);
    return p.stats && id ? [{ ...p.stats, player_id: id }] : [];
  });
  await tx.insert(playerStats).values(stats);
}
