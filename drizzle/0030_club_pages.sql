CREATE TABLE "club_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written: begin
-- The club's pages are public content: a save empties the public cache and the content memo in every process (ADR 009).
CREATE CONSTRAINT TRIGGER content_changed AFTER INSERT OR UPDATE OR DELETE ON "club_pages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_changed();--> statement-breakpoint
CREATE TRIGGER content_changed_truncate AFTER TRUNCATE ON "club_pages" FOR EACH STATEMENT EXECUTE FUNCTION content_changed();--> statement-breakpoint
-- A club initialized before issue 33 showed the sample texts from code: it keeps them, now as its own pages to edit.
INSERT INTO "club_pages" ("slug", "markdown", "html")
SELECT v.slug, v.markdown, v.html FROM (VALUES
  ('about', $page$Open-access football for players of all abilities, run by volunteers since the very first kickabout on the rec.

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
$page$, $page$<p>Open-access football for players of all abilities, run by volunteers since the very first kickabout on the rec.</p>
<h2>Our Story</h2>
<p>Riverside Rovers FC started as a Sunday kickabout between neighbours who missed playing. Word got round, more people turned up, and before long we had enough players for a team, then two.</p>
<p>Today we run a Senior team and a Vets team, with plans for youth football. We have never held trials: if you want to play, you play. Some of our players have been at it for thirty years; some kicked a ball for the first time with us.</p>
<h2>Our Values</h2>
<h3>Open to everyone</h3>
<p>Any age, any ability, any background. If you want to play, there is a place for you.</p>
<h3>Community first</h3>
<p>We are run by volunteers for the people of Riverside, and every penny goes back into the club.</p>
<h3>Respect</h3>
<p>For team-mates, opponents and referees, on the pitch and off it.</p>
<h3>Enjoyment</h3>
<p>We play to win, but we play for the love of the game above all.</p>
<h2>Facilities</h2>
<h3>Floodlit grass pitch</h3>
<p>Our home pitch at Riverside Playing Fields, with floodlights for winter training.</p>
<h3>Changing rooms</h3>
<p>Home and away changing rooms with showers.</p>
<h3>Clubhouse</h3>
<p>Tea, coffee and a warm welcome after every home game.</p>
<h3>Parking</h3>
<p>Free parking on Mill Lane, a short walk from the pitch.</p>$page$),
  ('welcome', $page$Whatever your age, fitness or experience, there is a place for you on our pitch. Come and play, volunteer or cheer us on.
$page$, $page$<p>Whatever your age, fitness or experience, there is a place for you on our pitch. Come and play, volunteer or cheer us on.</p>$page$),
  ('privacy', $page$## Who we are

We are a grassroots football club run by volunteers. This notice explains what personal details we keep, why, and what you can ask us to do with them. Our contact details are at the foot of every page.

## What we keep

- **Players and members:** your name, contact details, date of birth, the teams you play for, your attendance and your subs and fees.
- **Parents and carers of junior players:** your name and contact details, your child's details, the consents you give, and any medical notes you choose to share so that we can look after your child.
- **People who contact us, join us or order from the shop:** what you send us, and the details we need to reply or to fulfil your order.

## Why we keep it

We keep these details to run the club: to organise teams, training and matches, to keep players safe, to collect subs and fees, and to keep you informed. We rely on our legitimate interest in running the club, on the contract of your membership, and, for photos of children and medical notes, on the consent you give, which you can withdraw at any time.

## Who sees it

Only the club's officers and volunteers who need them: a team's coaches see their own players. We do not sell your details or share them with sponsors. We share them with the league or the county football association only when registering players requires it.

## How long we keep it

While you are a member, and for up to two years after you leave, unless the law asks us to keep records longer (for example, our accounts).

## Your rights

You can ask us for a copy of the details we hold about you, ask us to correct them, or ask us to delete them. You can also complain to the Information Commissioner's Office at [ico.org.uk](https://ico.org.uk).
$page$, $page$<h2>Who we are</h2>
<p>We are a grassroots football club run by volunteers. This notice explains what personal details we keep, why, and what you can ask us to do with them. Our contact details are at the foot of every page.</p>
<h2>What we keep</h2>
<ul>
<li><strong>Players and members:</strong> your name, contact details, date of birth, the teams you play for, your attendance and your subs and fees.</li>
<li><strong>Parents and carers of junior players:</strong> your name and contact details, your child's details, the consents you give, and any medical notes you choose to share so that we can look after your child.</li>
<li><strong>People who contact us, join us or order from the shop:</strong> what you send us, and the details we need to reply or to fulfil your order.</li>
</ul>
<h2>Why we keep it</h2>
<p>We keep these details to run the club: to organise teams, training and matches, to keep players safe, to collect subs and fees, and to keep you informed. We rely on our legitimate interest in running the club, on the contract of your membership, and, for photos of children and medical notes, on the consent you give, which you can withdraw at any time.</p>
<h2>Who sees it</h2>
<p>Only the club's officers and volunteers who need them: a team's coaches see their own players. We do not sell your details or share them with sponsors. We share them with the league or the county football association only when registering players requires it.</p>
<h2>How long we keep it</h2>
<p>While you are a member, and for up to two years after you leave, unless the law asks us to keep records longer (for example, our accounts).</p>
<h2>Your rights</h2>
<p>You can ask us for a copy of the details we hold about you, ask us to correct them, or ask us to delete them. You can also complain to the Information Commissioner's Office at <a href="https://ico.org.uk">ico.org.uk</a>.</p>$page$)
) AS v(slug, markdown, html)
WHERE EXISTS (SELECT 1 FROM "database_initialization")
ON CONFLICT DO NOTHING;
-- hand-written: end
