import { FIXTURE_STATUSES, INTEREST_TYPES, POSITIONS, TEAM_TYPES, type SponsorTier } from '../../../shared/content-constants';
import { FEEDBACK_CATEGORIES } from '../../../shared/players';
import type { OrderStatus } from '../../../shared/shop';

export { FEEDBACK_CATEGORIES, FIXTURE_STATUSES, POSITIONS, TEAM_TYPES };

/** What the admin panel reads from the REST API (its snake_case field names: docs/architecture.md#api-conventions). */

export interface Product {
  id: string;
  name: string;
  description: string;
  category: string;
  price: number;
  stock: number;
  sizes: string[];
  images: string[];
  sort_order: number;
}

export interface Order {
  id: string;
  /** "RR-1042" (ADR 023). */
  reference: string;
  fulfilment: 'collect' | 'delivery';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string | null;
  product_name: string;
  size: string | null;
  quantity: number | null;
  total_amount: number;
  status: OrderStatus;
  created_at: string;
  notes: string | null;
}

export interface Player {
  id: string;
  user_id: string | null;
  full_name: string;
  jersey_number: number | null;
  position: (typeof POSITIONS)[number];
  nationality: string;
  team_type: (typeof TEAM_TYPES)[number];
  photo_url: string | null;
  bio: string | null;
  date_of_birth: string | null;
  height: string | null;
  weight: string | null;
  show_personal_details: boolean;
  social_media: Record<string, string>;
  team_ids: string[];
}

export interface Team {
  id: string;
  name: string;
  slug: string;
  sort_order: number;
  match_length_minutes: number;
  availability_lock_hours: number;
}

export interface Fixture {
  id: string;
  team_id: string;
  team: string;
  away_team: string;
  match_date: string;
  match_time: string;
  venue: string;
  competition: string;
  is_home: boolean;
  home_score: number | null;
  away_score: number | null;
  status: (typeof FIXTURE_STATUSES)[number];
  match_report: string | null;
}

export interface Sponsor {
  id: string;
  name: string;
  tier: SponsorTier;
  logo_url: string;
  website_url: string | null;
  category: string;
  description: string | null;
}

export interface NewsArticle {
  id: string;
  title: string;
  summary: string | null;
  content: string;
  image_url: string | null;
  is_published: boolean;
  created_at: string;
}

export const INTEREST_LABELS: Record<string, string> = Object.fromEntries(INTEREST_TYPES.map((t) => [t.id, t.label]));

export interface JoinUsSubmission {
  id: string;
  full_name: string;
  email: string;
  phone_number: string;
  message: string;
  interest_types: string[];
  created_at: string;
}

export const STAT_FIELDS = [
  ['matches_played', 'Matches played'],
  ['matches_started', 'Matches started'],
  ['goals', 'Goals'],
  ['assists', 'Assists'],
  ['minutes_played', 'Minutes played'],
  ['yellow_cards', 'Yellow cards'],
  ['red_cards', 'Red cards'],
] as const;
export type StatField = (typeof STAT_FIELDS)[number][0];
export type PlayerStats = Record<StatField, number | null>;

export interface Payment {
  id: string;
  description: string;
  payment_type: string;
  amount: number;
  due_date: string;
  status: 'paid' | 'outstanding' | 'overdue';
  paid_date: string | null;
}

export interface Feedback {
  id: string;
  coach_name: string;
  category: (typeof FEEDBACK_CATEGORIES)[number];
  feedback: string;
  rating: number | null;
  date: string;
}

export interface ClubDocument {
  id: string;
  title: string;
  description: string | null;
  url: string;
  file_name?: string | null;
  player_id: string | null;
  created_at: string;
}

export interface ClubMessage {
  id: string;
  subject: string;
  body: string;
  player_id: string | null;
  sender_name?: string;
  created_at: string;
}

export interface AdminDashboard {
  orders: number;
  players: number;
  products: number;
  fixtures: number;
  join_us: number;
  sponsors: number;
  needs_initialization: boolean;
  users_count: number;
  products_count: number;
  news_count: number;
  fixtures_count: number;
  /** What needs doing (ADR 027); payments are null for staff. */
  today: {
    pending_orders: number;
    join_us: number;
    results_to_enter: { id: string; team: string; away_team: string; is_home: boolean; match_date: string; match_time: string }[];
    outstanding_payments: {
      payments: number;
      amount: number;
      players: { player_id: string; full_name: string; payments: number; amount: number; overdue: boolean }[];
    } | null;
  };
}
