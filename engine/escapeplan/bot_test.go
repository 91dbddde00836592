package escapeplan

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"casefile/engine"
)

// playBots plays one seeded game with the bot in every seat, each seat
// choosing from its own view only, and returns the final state and the
// move log. A bot choice outside the legal moves fails the test (Choose
// would hide it behind a random move).
func playBots(t testing.TB, n int, seed uint64, check func(s *State, seat engine.Seat, move string, res engine.Result)) (*State, []logged) {
	t.Helper()
	st, err := Game().New(engine.Setup{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed*7919 + 17)
	var log []logged
	for i := 0; ; i++ {
		if i > 5000 {
			t.Fatalf("players=%d seed=%d: bot game did not finish in 5000 moves", n, seed)
		}
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		seat := tu.Seats[0]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("players=%d seed=%d: seat %d in Turn has no legal move (%s)", n, seed, seat, tu.Prompt)
		}
		m := botMove(s.View(seat), legal, r)
		if _, ok := engine.MatchLegal(legal, m); !ok {
			t.Fatalf("players=%d seed=%d move %d: the bot chose %q, not a legal move (%v)", n, seed, s.Moves, m, legal)
		}
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("players=%d seed=%d: legal move %q rejected: %v", n, seed, m, err)
		}
		log = append(log, logged{seat, m})
		if check != nil {
			check(s, seat, m, res)
		}
	}
	if !s.Over || s.Outcome() == nil {
		t.Fatalf("players=%d seed=%d: no outcome", n, seed)
	}
	return s, log
}

// tally is what a set of games came to: players, escapes, and the sum of
// final scores.
type tally struct {
	games, players, escaped, winners int
	score                            int
}

func (a *tally) add(s *State) {
	a.games++
	for i := range s.Players {
		a.players++
		if s.Players[i].Status == "escaped" {
			a.escaped++
		}
		a.score += s.Players[i].Score
	}
	if len(s.Result.Winners) > 0 {
		a.winners++
	}
}

func (a tally) String() string {
	return fmt.Sprintf("%d games: %d/%d players escaped (%.0f%%), mean final score $%.1fk, games with a winner %.0f%%",
		a.games, a.escaped, a.players, 100*float64(a.escaped)/float64(a.players), float64(a.score)/float64(a.players),
		100*float64(a.winners)/float64(a.games))
}

// BenchmarkBotFigures plays the same seeds with bots and with random
// players, side by side, and logs by player count the share of players
// who escape and the mean final score (CONTENT.md, Bot section):
//
//	go test ./engine/escapeplan -run '^$' -bench BotFigures -benchtime 1x -timeout 30m -v
func BenchmarkBotFigures(b *testing.B) {
	const games = 100
	for i := 0; i < b.N; i++ {
		for n := 1; n <= 5; n++ {
			var bot, rnd tally
			for seed := uint64(1); seed <= games; seed++ {
				s, _ := playBots(b, n, seed, nil)
				bot.add(s)
				s2, _ := playRandom(b, n, seed, nil)
				rnd.add(s2)
			}
			b.Logf("players=%d bot:    %v", n, bot)
			b.Logf("players=%d random: %v", n, rnd)
		}
	}
}

// BenchmarkBotGame plays whole games with bots in every seat, views
// included, per player count.
func BenchmarkBotGame(b *testing.B) {
	for n := 1; n <= 5; n++ {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				playBots(b, n, uint64(i+1), nil)
			}
		})
	}
}

// botPositions collects the views and legal moves of every decision of a
// few bot-played 4-player games.
func botPositions(b *testing.B) (views []engine.View, legals [][]string) {
	for seed := uint64(1); seed <= 3; seed++ {
		playBots(b, 4, seed, func(s *State, _ engine.Seat, _ string, _ engine.Result) {
			if tu := s.Turn(); len(tu.Seats) > 0 {
				views = append(views, s.View(tu.Seats[0]))
				legals = append(legals, s.Legal(tu.Seats[0]))
			}
		})
	}
	return views, legals
}

// BenchmarkBotMove is one bot decision, from a view already made (run
// with -cpu 1 for decisions per second on one core).
func BenchmarkBotMove(b *testing.B) {
	views, legals := botPositions(b)
	r := engine.NewRand(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(views)
		botMove(views[k], legals[k], r)
	}
}

// reach records which pieces of the content a set of games resolved.
type reach struct {
	mu   sync.Mutex
	seen map[string]int
}

func (r *reach) mark(keys ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, k := range keys {
		r.seen[k]++
	}
}

// reachUniverse lists every piece of content the deep playouts must
// resolve: each Contact card, Fixer, Equipment and Asset tile used, each
// Location visited (every Business, Safe House, Store, Gang hired, Exit),
// Lockers and Exit tiles taken, every way officers move, Notoriety
// thresholds, Wounds and Handcuffs, Patrol blocks, Sandra's kinds of
// Inspector card, the set bonuses, and every way a game ends for a player.
func reachUniverse() []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, c := range ContactDeck {
		add("contact card used: " + c.Name)
	}
	for _, f := range FixerKinds {
		add("fixer used: " + f.Name)
	}
	for _, e := range EquipmentTypes {
		add("equipment used: " + e.Name)
	}
	for _, a := range append(append(append([]string(nil), AssetTopRow...), AssetBottomRow...), AssetExtra) {
		add("asset used: " + a)
	}
	for _, b := range BusinessTiles {
		add("visit: " + b.Name)
	}
	for _, h := range SafeHouseTiles {
		add("visit: " + h)
	}
	for l, d := range locDef {
		switch d.Kind {
		case Gang:
			add("gang hired: " + d.Name)
		case Business, SafeHouse:
		default:
			add("visit: " + locDefName(l))
		}
	}
	for no := 1; no <= 3; no++ {
		add("exit blocked: " + exitName(no))
		add("escape through: " + exitName(no))
	}
	for _, c := range KeyColours {
		add("locker opened: " + c)
	}
	for _, c := range ExitStackColours {
		add("exit tile taken: " + c)
	}
	for _, k := range []string{Business, SafeHouse, Store, Exit} {
		add("sandra travels to: " + k)
	}
	for _, k := range []string{
		"closed business entered with a key", "closed business entered with the master key",
		"officer moved toward a player", "officer moved toward Sandra", "officer moved by choice", "officer removed by a snitch",
		"notoriety threshold 1", "notoriety threshold 2", "notoriety threshold 3", "wound taken at the top of the track",
		"wound", "handcuffed", "healed at the hospital", "healed at the clinic", "first aid",
		"rest", "extra action turn", "group bonus: business", "group bonus: safe houses", "bonus extra action", "bonus unlock",
		"unlock at income", "gang member avoids", "gang member loses notoriety", "gang flight from a helipad",
		"heliport flight", "subway ride", "gas can burnt", "water crossed with a pass", "sewer", "medevac",
		"contact kept", "contact replaced", "contact discarded", "tile discarded to make space", "tile returned",
		"escape from where the pawn stands", "escape after a move",
		"end: escaped", "end: arrested at the end", "end: arrested for want of $1", "end: arrested at a 4th wound",
		"end: nobody escaped", "end: a winner",
	} {
		add(k)
	}
	return out
}

// locDefName is the fixed name of a Location that has one.
func locDefName(l int) string { return locDef[l].Name }

// reachKeys lists the pieces of content one move resolved, read from the
// move and its public lines.
func reachKeys(s *State, move string, res engine.Result) []string {
	var out []string
	has := func(sub string) bool {
		for _, l := range res.Public {
			if strings.Contains(l, sub) {
				return true
			}
		}
		return false
	}
	for _, l := range res.Public {
		out = append(out, contentKeys(s, l)...)
		out = append(out, eventKeys(s, move, l)...)
	}
	f := strings.Fields(move)
	switch {
	case move == "visit with master key":
		out = append(out, "closed business entered with the master key")
	case strings.HasPrefix(move, "open ") && len(f) > 1:
		out = append(out, "locker opened: "+f[1])
	case move == "take exit tile":
		for _, st := range s.ExitStacks {
			if st.Exit > 0 && s.turnState() != nil && locDef[s.Players[seatOfTop(s)].At].ExitNo == st.Exit {
				out = append(out, "exit tile taken: "+st.Colour)
			}
		}
	case move == "heal" && has("heals"):
		out = append(out, "healed at the clinic")
	case strings.HasPrefix(move, "heal "):
		out = append(out, "healed at the hospital")
	case move == "escape":
		if top := s.Pending.Top(); top != nil && top.Kind == TakeContact {
			out = append(out, "escape after a move")
		} else {
			out = append(out, "escape from where the pawn stands")
		}
	case move == "first aid":
		out = append(out, "first aid")
	case move == "bonus extra action", move == "bonus unlock":
		out = append(out, move)
	case strings.HasPrefix(move, "avoid all on ") && strings.HasSuffix(move, " with gang member"):
		out = append(out, "gang member avoids")
	case move == "gang lose notoriety":
		out = append(out, "gang member loses notoriety")
	case strings.HasSuffix(move, " fly") && (f[0] == "gang" || f[0] == "contact" || f[0] == "fixer"):
		out = append(out, "gang flight from a helipad")
	case move == "contact keep":
		out = append(out, "contact kept")
	case strings.HasPrefix(move, "contact replace "):
		out = append(out, "contact replaced")
	case move == "contact discard":
		out = append(out, "contact discarded")
	}
	for _, d := range s.Pending.Items {
		if d.Kind == GroupBonus && d.Data.Reason != "" {
			out = append(out, "group bonus: "+d.Data.Reason)
		}
	}
	return out
}

// seatOfTop is the seat owing the top decision, or 0.
func seatOfTop(s *State) int {
	if top := s.Pending.Top(); top != nil {
		return seatOf(top)
	}
	return 0
}

// lastExit is the unblocked Exit, the one every escape goes through.
func (s *State) lastExit() string {
	for no := 1; no <= 3; no++ {
		if !s.Blocked(no) {
			return exitName(no)
		}
	}
	return ""
}

// reachExceptions are the pieces of content bot-played games never
// resolve, each with the reason; CONTENT.md's Bot section lists the same.
var reachExceptions = map[string]string{
	"contact card used: chopper": "one card of 32, usable only while standing on a tile with a Heliport " +
		"(the Hospital's, the d1 Business's); the Helicopter Fixer, the same flight, is resolved",
	"contact card used: jet ski":          "a Water pass only matters for a body of water without a Ferry",
	"fixer used: scuba gear":              "a Water pass only matters for a body of water without a Ferry",
	"water crossed with a pass":           "a Water pass only matters for a body of water without a Ferry",
	"end: nobody escaped":                 "bots escape; random playouts end so",
	"wound taken at the top of the track": "bots keep their Notoriety low",
}

// botGames is the number of bot-played games per player count in the
// deep playouts.
func botGames() int {
	if testing.Short() {
		return 6
	}
	return 40
}

// TestBotPlayouts plays seeded games with the bot in every seat, for each
// player count: every game finishes, conserves every component after each
// move, leaks no secret into public lines, replays from seed and log to
// identical bytes (through a snapshot round trip), and the bot replays
// its own game move for move. Across all of them every piece of content
// of reachUniverse is resolved at least once, but the exceptions
// justified in CONTENT.md.
func TestBotPlayouts(t *testing.T) {
	rc := &reach{seen: map[string]int{}}
	secrets := secretUniverse()
	t.Run("games", func(t *testing.T) {
		for n := 1; n <= 5; n++ {
			n := n
			t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
				t.Parallel()
				// Seeds differ between player counts, so that the games
				// see more City layouts.
				var bot tally
				for i := uint64(1); i <= uint64(botGames()); i++ {
					bot.add(botPlayout(t, rc, secrets, n, uint64(n-1)*1000+i))
				}
				// The rules of thumb must keep working toward the win.
				if bot.escaped*3 < bot.players*2 {
					t.Errorf("players=%d: %v; at least two thirds should escape", n, bot)
				}
			})
		}
	})
	var missing []string
	for _, k := range reachUniverse() {
		if rc.seen[k] == 0 {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	var rare []string
	for _, k := range reachUniverse() {
		if n := rc.seen[k]; n > 0 && n < 5 {
			rare = append(rare, fmt.Sprintf("%s ×%d", k, n))
		}
	}
	t.Logf("reach: resolved fewer than 5 times: %q", rare)
	t.Logf("reach: %d of %d pieces of content resolved; never: %q", len(reachUniverse())-len(missing), len(reachUniverse()), missing)
	for _, k := range missing {
		if _, ok := reachExceptions[k]; !ok && !testing.Short() {
			t.Errorf("never resolved in bot-played games, and no exception in CONTENT.md: %q", k)
		}
	}
	content, err := os.ReadFile("CONTENT.md")
	if err != nil {
		t.Fatal(err)
	}
	for k := range reachExceptions {
		if !strings.Contains(string(content), "`"+k+"`") {
			t.Errorf("reach exception %q is not justified in CONTENT.md", k)
		}
		if rc.seen[k] > 0 && !testing.Short() {
			t.Errorf("reach exception %q did fire: drop it", k)
		}
	}
}

// botPlayout plays and checks one bot game (TestBotPlayouts).
func botPlayout(t *testing.T, rc *reach, secrets []string, n int, seed uint64) *State {
	var public []string
	s, log := playBots(t, n, seed, func(s *State, seat engine.Seat, m string, res engine.Result) {
		if err := conserve(s); err != nil {
			t.Fatalf("players=%d seed=%d move %d: %v", n, seed, s.Moves, err)
		}
		public = append(public, res.Public...)
		rc.mark(reachKeys(s, m, res)...)
	})
	for _, line := range public {
		for _, sec := range secrets {
			if strings.Contains(line, sec) {
				t.Fatalf("players=%d seed=%d: secret %q in public log line %q", n, seed, sec, line)
			}
		}
	}
	st, _ := Game().New(engine.Setup{Players: n, Seed: seed})
	for i, l := range log {
		if i == len(log)/2 {
			data, _ := st.Marshal()
			st2, err := Game().Load(data)
			if err != nil {
				t.Fatal(err)
			}
			st = st2
		}
		if _, err := st.Apply(l.seat, l.move); err != nil {
			t.Fatalf("players=%d seed=%d replay move %d %q: %v", n, seed, i, l.move, err)
		}
	}
	a, _ := s.Marshal()
	b, _ := st.Marshal()
	if !bytes.Equal(a, b) {
		t.Fatalf("players=%d seed=%d: replay differs", n, seed)
	}
	if seed%1000 == 1 {
		_, again := playBots(t, n, seed, nil)
		if !slices.Equal(again, log) {
			t.Fatalf("players=%d seed=%d: the bot did not play the same game twice", n, seed)
		}
	}
	return s
}

// contentKeys lists the pieces of content a public line shows resolved:
// cards, tiles and Assets used, Locations visited, Gangs hired, Exits
// blocked, Sandra's travels, officers moved.
func contentKeys(s *State, l string) []string {
	var out []string
	switch {
	case strings.Contains(l, " Contact card ($"):
		i := strings.Index(l, "uses the ") + len("uses the ")
		out = append(out, "contact card used: "+l[i:strings.Index(l, " Contact card")])
	case strings.Contains(l, " uses fixer "), strings.Contains(l, " uses equipment "):
		f := strings.Fields(strings.TrimSuffix(l, "."))
		i := slices.Index(f, "uses")
		out = append(out, f[i+1]+" used: "+strings.Join(f[i+2:], " "))
	case strings.Contains(l, " Asset tile ($") && strings.Contains(l, " uses the "):
		i := strings.Index(l, "uses the ") + len("uses the ")
		out = append(out, "asset used: "+l[i:strings.Index(l, " Asset tile")])
	case strings.Contains(l, " visits the "):
		i := strings.Index(l, " visits the ") + len(" visits the ")
		out = append(out, "visit: "+strings.TrimSuffix(l[i:], "."))
	case strings.Contains(l, "takes both Gang Members of the "):
		i := strings.Index(l, "of the ") + len("of the ")
		out = append(out, "gang hired: "+strings.TrimSuffix(l[i:], "."))
	case strings.HasPrefix(l, "The ") && strings.HasSuffix(l, " is blocked."):
		out = append(out, "exit blocked: "+strings.TrimSuffix(strings.TrimPrefix(l, "The "), " is blocked."))
	case strings.HasPrefix(l, "Sandra travels to the "):
		n := strings.TrimSuffix(strings.TrimPrefix(l, "Sandra travels to the "), ".")
		for loc := range locDef {
			if s.NodeName(loc) == n {
				out = append(out, "sandra travels to: "+locDef[loc].Kind)
			}
		}
	case strings.Contains(l, " Key to enter the closed "):
		out = append(out, "closed business entered with a key")
	case strings.Contains(l, " officer from ") && strings.Contains(l, "for Sandra)"):
		out = append(out, "officer moved toward Sandra")
	case strings.Contains(l, " officer from ") && strings.Contains(l, "(toward "):
		out = append(out, "officer moved toward a player")
	case strings.Contains(l, " officer from "):
		out = append(out, "officer moved by choice")
	case strings.Contains(l, "'s Snitch removes "):
		out = append(out, "officer removed by a snitch")
	case strings.Contains(l, " crosses Notoriety threshold ") && !strings.HasPrefix(l, "Sandra"):
		out = append(out, "notoriety threshold "+l[len(l)-2:len(l)-1])
	}
	return out
}

// eventKeys lists the events a public line shows: Wounds, Handcuffs,
// thresholds, rests and turns, movement, making space, and how a player's
// game ends.
func eventKeys(s *State, move, l string) []string {
	var out []string
	switch {
	case strings.Contains(l, " takes a Wound ("):
		out = append(out, "wound")
		if strings.Contains(move, "end") || move == "pass" || strings.HasPrefix(move, "contact ") {
			out = append(out, "wound taken at the top of the track")
		}
	case strings.Contains(l, " is Handcuffed "):
		out = append(out, "handcuffed")
	case strings.Contains(l, " RESTS."):
		out = append(out, "rest")
	case strings.Contains(l, " spends an Extra Action disc ") && !strings.HasPrefix(l, "Sandra"):
		out = append(out, "extra action turn")
	case strings.Contains(l, " pays $3 to unlock "):
		out = append(out, "unlock at income")
	case strings.Contains(l, " rides the Subway "):
		out = append(out, "subway ride")
	case strings.Contains(l, " burns a Gas Can"):
		out = append(out, "gas can burnt")
	case strings.Contains(l, " may cross the water "):
		out = append(out, "water crossed with a pass")
	case strings.Contains(l, " takes the Sewer to "):
		out = append(out, "sewer")
	case strings.Contains(l, " is flown to "):
		out = append(out, "medevac")
	case strings.Contains(l, " flies to ") && strings.HasPrefix(move, "fly ") && !strings.HasPrefix(move, "fly to "):
		out = append(out, "heliport flight")
	case strings.Contains(l, " discards the ") && strings.Contains(l, " to make space"):
		out = append(out, "tile discarded to make space")
	case strings.Contains(l, " has no room and gives "):
		out = append(out, "tile returned")
	case strings.Contains(l, " ESCAPES "):
		out = append(out, "end: escaped", "escape through: "+s.lastExit())
	case strings.Contains(l, "ARRESTED (still in the city"):
		out = append(out, "end: arrested at the end")
	case strings.Contains(l, "ARRESTED (cannot pay"):
		out = append(out, "end: arrested for want of $1")
	case strings.Contains(l, "ARRESTED (a 4th Wound"):
		out = append(out, "end: arrested at a 4th wound")
	case strings.HasPrefix(l, "Game over. Nobody got away"):
		out = append(out, "end: nobody escaped")
	case strings.HasPrefix(l, "Game over. "):
		out = append(out, "end: a winner")
	}
	return out
}
