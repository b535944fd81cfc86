import type { PublicPlayer } from '../../../server/services/squad';

/** "Ravi Sandhu" → "RS"; one name → its first letter. */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0].charAt(0);
  const last = words.length > 1 ? words[words.length - 1].charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A player without a photo: a club-green tile with the shirt number in gold and the initials in
 * white (7.6:1 and 9.6:1 on the green, AA on every tile; the same colours for everyone).
 */
export function PlayerTile({ player, className = '' }: { player: Pick<PublicPlayer, 'full_name' | 'jersey_number'>; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="player-tile"
      className={`relative flex flex-col items-center justify-center overflow-hidden bg-brand-800 bg-[repeating-linear-gradient(135deg,transparent_0,transparent_14px,rgb(255_255_255/0.04)_14px,rgb(255_255_255/0.04)_28px)] text-white ${className}`}
    >
      {player.jersey_number !== null && <span className="text-[4.5em] font-black leading-none text-gold-400 tabular-nums">{player.jersey_number}</span>}
      <span className={`font-extrabold tracking-widest ${player.jersey_number !== null ? 'mt-[0.3em] text-[1.5em]' : 'text-[3em]'}`}>{initialsOf(player.full_name)}</span>
    </div>
  );
}
