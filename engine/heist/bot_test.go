package heist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/engine"
)

// botPlayout plays a whole heist with a bot in every seat: the seat that
// acts next among those the turn lists is drawn from a generator of the
// test (people at a table act in any order), and the bot chooses its move
// from that seat's own view. It checks after every move that the heist
// goes on (someone may act, with a legal move), that no chit is lost when
// check is set, and that nothing hidden shows in a public line or in the
// view the bot was given. reach, when not nil, records what was resolved.
func botPlayout(t testing.TB, setup engine.Setup, check bool, reach *botReach) (*State, []played) {
	t.Helper()
	return botPlayoutWith(t, setup, check, reach, nil)
}

// botPlayoutWith is botPlayout with the Crew step settled by crew, when
// not nil, before the bots play.
func botPlayoutWith(t testing.TB, setup engine.Setup, check bool, reach *botReach, crew func(*State) []played) (*State, []played) {
	t.Helper()
	st, err := Game().New(setup)
	if err != nil {
		t.Fatalf("%v: %v", setup.Options, err)
	}
	s := st.(*State)
	name := fmt.Sprintf("%s/%d seed %d", s.Scenario, setup.Players, setup.Seed)
	initial := bagTotal(s)
	order := engine.NewRand(setup.Seed*7919 + 23)
	r := engine.NewRand(setup.Seed*104729 + 5)
	bot := Game().Bot
	var log []played
	if crew != nil {
		log = crew(s)
	}
	for steps := 0; s.Outcome() == nil; steps++ {
		if steps > 20000 {
			t.Fatalf("%s: no end after %d moves (phase %s round %d)\n%s", name, steps, s.Phase, s.Round, s.View(engine.Public).Text())
		}
		turn := s.Turn()
		if len(turn.Seats) == 0 {
			t.Fatalf("%s: nobody may act but the heist is not over (phase %s)", name, s.Phase)
		}
		seat := turn.Seats[order.Intn(len(turn.Seats))]
		view := s.View(seat)
		if check && view.(*View).State.Rand != nil {
			t.Fatalf("%s: the generator is in the view of seat %d", name, seat)
		}
		m := bot.Choose(view, s.Legal(seat), r)
		if m == "" {
			t.Fatalf("%s: seat %d in turn has no legal move (phase %s)", name, seat, s.Phase)
		}
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("%s: legal move %q rejected: %v", name, m, err)
		}
		log = append(log, played{seat, m})
		if check {
			if got := bagTotal(s) + s.BagDrawn; got != initial+s.BagAdded-s.BagRemoved {
				t.Fatalf("%s: chit lost: bag %d + drawn %d != %d + %d - %d", name, bagTotal(s), s.BagDrawn, initial, s.BagAdded, s.BagRemoved)
			}
			for path, v := range engine.HiddenFrom(s, engine.Public) {
				if len(v) < 6 {
					continue
				}
				for _, line := range res.Public {
					if strings.Contains(line, v) {
						t.Fatalf("%s: hidden %s leaked in %q", name, path, line)
					}
				}
			}
		}
		if reach != nil {
			reach.note(s, res)
		}
	}
	if reach != nil {
		reach.end(s)
	}
	return s, log
}

// replayBot replays a bot-played heist from its setup and log (with a
// snapshot reload half way) and checks it ends in the same state.
func replayBot(t *testing.T, setup engine.Setup, s *State, log []played) {
	t.Helper()
	want, _ := s.Marshal()
	st, err := Game().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := st.(*State)
	for i, p := range log {
		if _, err := r.Apply(p.Seat, p.Move); err != nil {
			t.Fatalf("%s seed %d: replay move %d %q: %v", s.Scenario, setup.Seed, i, p.Move, err)
		}
		if i == len(log)/2 {
			data, _ := r.Marshal()
			st, err := Game().Load(data)
			if err != nil {
				t.Fatal(err)
			}
			r = st.(*State)
		}
	}
	if got, _ := r.Marshal(); !bytes.Equal(got, want) {
		t.Fatalf("%s seed %d: the replay of a bot-played heist differs", s.Scenario, setup.Seed)
	}
}

func botSetup(slug string, n int, seed uint64) engine.Setup {
	return engine.Setup{Players: n, Seed: seed, Options: map[string]string{"scenario": slug}}
}

// botReach records what bot-played heists resolved: Events and Crises
// dealt as the Active Event or resolved from the queue, Items in play,
// Fixer and character abilities named by the lines they log, the security
// chits and the board's pieces a character stood on or next to, and how
// each heist ended.
type botReach struct {
	mu   sync.Mutex
	seen map[string]bool
}

var botEventRE = regexp.MustCompile(`^(?:Event|Crisis): ([A-Z]?[0-9]+) "`)

func (r *botReach) note(s *State, res engine.Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := theLib()
	for _, line := range res.Public {
		if m := botEventRE.FindStringSubmatch(line); m != nil {
			r.seen["card "+m[1]] = true
		}
		low := strings.ToLower(line)
		for _, it := range l.ItemOrder {
			if strings.Contains(low, strings.ToLower(it)) {
				r.seen["item "+it] = true
			}
		}
		for _, f := range l.FixerOrder {
			for _, a := range l.Fixers[f].Abilities {
				if a.Name != "" && strings.Contains(line, a.Name) {
					r.seen["fixer "+f] = true
				}
			}
		}
		for _, ab := range botAbilities() {
			if strings.Contains(low, strings.ToLower(ab)) {
				r.seen["ability "+ab] = true
			}
		}
		// Fixers whose ability logs no title of its own.
		if s.hasFixer("Fence") && strings.Contains(line, " buys ") {
			r.seen["fixer Fence"] = true
		}
		if strings.Contains(line, "The Curator buys") {
			r.seen["fixer Curator"] = true
		}
		switch {
		case strings.Contains(line, "initiates the Escape"):
			r.seen["end escape called"] = true
		case strings.Contains(line, "The Alarm sounds: Escape!"):
			r.seen["end alarm (final Crisis)"] = true
		case strings.Contains(line, "The Event deck is spent"):
			r.seen["end deck spent"] = true
		case strings.Contains(line, "the engine's round limit"):
			r.seen["end round limit"] = true
		case strings.Contains(line, "Master Plan Copy's owner was Busted"):
			r.seen["end master plan lost"] = true
		}
	}
	for _, c := range s.Chars {
		if !c.onBoard() {
			continue
		}
		t := s.tile(c.Hex)
		for _, x := range append([]*Tile{t}, s.neighbours(t)...) {
			for _, k := range botPieces(x) {
				r.seen[k] = true
			}
		}
	}
}

func (r *botReach) end(s *State) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s.Won {
		r.seen["end won"] = true
	} else {
		r.seen["end lost"] = true
	}
	for _, c := range s.Chars {
		switch {
		case c.Busted:
			r.seen["end character busted"] = true
		case c.Hidden:
			r.seen["end character hidden"] = true
		case c.Escaped:
			r.seen["end character escaped"] = true
		}
	}
}

// botPieces names the kinds of security chit, loot and board piece on a
// tile ("chit dog", "piece kennel"; gates, servers and Remote Locks by
// kind, not letter).
func botPieces(t *Tile) []string {
	var out []string
	for _, ch := range t.Chits {
		out = append(out, "chit "+ch.Kind)
	}
	for _, l := range t.Loot {
		if !strings.HasPrefix(l, "item ") {
			out = append(out, "chit "+l)
		}
	}
	for _, tok := range t.Tokens {
		if i := strings.IndexByte(tok, ' '); i > 0 && (strings.HasPrefix(tok, "gate ") || strings.HasPrefix(tok, "server ") || strings.HasPrefix(tok, "remote ")) {
			tok = tok[:i]
		}
		out = append(out, "piece "+tok)
	}
	if t.Entrance {
		out = append(out, "piece entrance")
	}
	return out
}

// botAbilities lists the character abilities with a name (the two "Gain
// <item>" lines are the Items themselves).
func botAbilities() []string {
	l := theLib()
	var out []string
	for _, n := range l.CharOrder {
		for _, a := range l.Characters[n].Abilities {
			if a.Name != "" && !slices.Contains(out, a.Name) {
				out = append(out, a.Name)
			}
		}
	}
	return out
}

// botContent is everything the reach check expects bot-played heists to
// resolve.
func botContent() []string {
	l := theLib()
	var out []string
	for _, code := range sortedCardCodes(l) {
		out = append(out, "card "+code)
	}
	for _, it := range l.ItemOrder {
		out = append(out, "item "+it)
	}
	for _, f := range l.FixerOrder {
		out = append(out, "fixer "+f)
	}
	for _, a := range botAbilities() {
		out = append(out, "ability "+a)
	}
	pieces := map[string]bool{}
	for _, sc := range l.Scenarios {
		s, err := newState(l, sc, 4, 1, nil, nil)
		if err != nil {
			continue
		}
		for k := range s.Bag {
			pieces["chit "+k] = true
		}
		for _, t := range s.Tiles {
			for _, k := range botPieces(t) {
				pieces[k] = true
			}
		}
	}
	for _, k := range []string{Guard, Dog, Lock, Camera, Blank} {
		pieces["chit "+k] = true
	}
	var ps []string
	for k := range pieces {
		ps = append(ps, k)
	}
	sort.Strings(ps)
	out = append(out, ps...)
	out = append(out, "end won", "end lost", "end escape called", "end alarm (final Crisis)", "end deck spent",
		"end round limit", "end master plan lost", "end character busted", "end character hidden", "end character escaped")
	return out
}

// botUnreached is the content bot-played heists never resolve, and why
// (mirrored in CONTENT.md, "Bot").
var botUnreached = map[string]string{
	"card B1": "no scenario deck holds it (nor any Fixer's)",
	"card B2": "no scenario deck holds it (nor any Fixer's)",
	"card B3": "no scenario deck holds it (nor any Fixer's)",
	"card S1": "special event: no scenario deck holds it",
	"card S2": "special event: no scenario deck holds it",
	"card S3": "special event: no scenario deck holds it",
	"card S4": "special event: no scenario deck holds it",
	"card S5": "special event: no scenario deck holds it",
	"card S6": "special event: no scenario deck holds it",

	"item Laser Burst": "a discovered Item no scenario map places: the Shop sells it only once one was discarded",
	"item Flashbang":   "a discovered Item no scenario map places: the Shop sells it only once one was discarded",
	"item Camouflage":  "a discovered Item no scenario map places: the Shop sells it only once one was discarded",

	"ability BREACH":           "Breach costs 4 Ideas; the bot blows an Exit only when far from one on its way out, which the check's heists never met",
	"ability PRESSURE POINTS":  "passive and silent (subdued Guards next to the Operative stay down): no line shows it",
	"ability WE KNOW A WAY":    "needs an empty Security bag, and its line reads I KNOW A WAY",
	"ability GREAT IN A PINCH": "the bot pinches only for a teammate who cannot get out while itself has Ideas to spare, which the check's heists never met",

	"end deck spent":       "every scenario deck ends with Z1 or Z2, which start the Escape before the deck runs dry",
	"end round limit":      "the engine's 40-round guard; every deck ends a heist long before",
	"end character hidden": "only the Camouflage hides a character, and it is never in play (above)",
}

// botChains are the campaigns of the reach check: for each crew size,
// four campaigns of five heists in a row (every scenario played at least
// once per crew size), with people named so players and characters level
// up to Pro cards, starting with every Fixer unlocked and $60k of team cash
// so the Shop and the Fixers come into play. In each heist's Crew step the
// test, not the bot, picks the character classes (botCrew), so that every
// class and, with 4 characters, every Pro card plays; the bots play the
// rest.
func botChains(t *testing.T, reach *botReach) {
	for _, n := range []int{3, 4} {
		for chain := 0; chain < 4; chain++ {
			botChain(t, reach, n, chain, 0, chain*n, chain >= 2)
		}
	}
}

// botChain plays campaign number chain of botChains for crew size n as a
// parallel subtest, its crews picked by botCrew from class number first
// (second: the second Pro cards); a top-up pass of the reach check (pass >
// 0) plays it again on other seeds, with the crew the pass needs.
func botChain(t *testing.T, reach *botReach, n, chain, pass, first int, second bool) {
	l := theLib()
	rich, _ := json.Marshal(&Campaign{TeamCash: 60, Fixers: slices.Clone(l.FixerOrder)})
	t.Run(fmt.Sprintf("campaign/%d/%d/%d/%d", n, chain, pass, first), func(t *testing.T) {
		t.Parallel()
		camp := rich
		owners := []string{"ann", "bob", "cat", "dan"}[:n]
		for k := 0; k < 5; k++ {
			sc := l.Scenarios[(chain*5+k)%len(l.Scenarios)]
			seed := uint64(1000*n+10*chain+k) + uint64(pass)*100000
			setup := engine.Setup{Players: n, Seed: seed, Options: map[string]string{"scenario": sc.Slug}, Campaign: camp, Owners: owners}
			crew := func(s *State) []played { return botCrew(t, s, first, second) }
			s, log := botPlayoutWith(t, setup, true, reach, crew)
			if k == 4 {
				replayBot(t, setup, s, log)
			}
			camp = s.Campaign()
		}
	})
}

// botCrew settles the Crew step for the reach check's campaigns: seat i
// plays the Amateur class number first+i (in the box's order), built anew
// unless its character already is of that class, and with second set the
// second Pro card of its class; then crew done.
func botCrew(t *testing.T, s *State, first int, second bool) []played {
	l := theLib()
	var classes []string
	for _, card := range l.CharOrder {
		if l.Characters[card].Level == 1 {
			classes = append(classes, card)
		}
	}
	var log []played
	apply := func(seat engine.Seat, m string) {
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("crew step, seat %d, %q: %v", seat, m, err)
		}
		log = append(log, played{seat, m})
	}
	for _, c := range s.Chars {
		if s.CrewDone(c.Seat) {
			continue
		}
		amateur := l.Characters[classes[(first+int(c.Seat))%len(classes)]]
		if l.Characters[c.Card].Archetype != amateur.Archetype && slices.Contains(s.Legal(c.Seat), "character "+lower(amateur.Name)) {
			apply(c.Seat, "character "+lower(amateur.Name))
			for len(c.Draft) > 0 {
				m := ""
				for _, x := range s.Legal(c.Seat) {
					if strings.HasPrefix(x, "skill ") {
						m = x
						break
					}
				}
				if m == "" {
					m = "rebuild"
				}
				apply(c.Seat, m)
			}
		}
		if second && len(amateur.LevelUp) > 1 {
			pro := l.Characters[amateur.LevelUp[1]]
			if pro != nil && c.Card != pro.Name && slices.Contains(s.Legal(c.Seat), "level up to "+lower(pro.Name)) {
				apply(c.Seat, "level up to "+lower(pro.Name))
			}
		}
		apply(c.Seat, "crew done")
	}
	return log
}

// botMissing lists the content of botContent that reach has not seen and
// botUnreached does not excuse.
func botMissing(reach *botReach) []string {
	reach.mu.Lock()
	defer reach.mu.Unlock()
	var out []string
	for _, k := range botContent() {
		if _, excused := botUnreached[k]; !excused && !reach.seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// botTopUpPasses bounds the reach check's top-up passes.
const botTopUpPasses = 8

// botTopUp plays, for content the fixed heists of the reach check missed,
// more seeded heists that can resolve it, pass after pass until nothing is
// missing or botTopUpPasses is reached: a small change of the bot shifts
// which chance content (an Event an Alert discards, a chit the bag deals,
// a Shop item bought) the fixed seeds meet, and a missing item is found
// again on new seeds instead of failing the test or growing botUnreached.
// Every pass plays the scenarios whose setup holds a missing Event,
// Crisis, chit or piece (on seeds of that pass), for a missing character
// ability a campaign per crew size whose first seat plays the class (and
// Pro card) that has it, and one more campaign of botChains per crew size
// for Items, Fixers and endings; the passes and their seeds depend only on
// what is missing, so the check is deterministic. It returns what each
// pass reached.
func botTopUp(t *testing.T, reach *botReach) []string {
	var log []string
	l := theLib()
	for pass := 1; pass <= botTopUpPasses; pass++ {
		missing := botMissing(reach)
		if len(missing) == 0 {
			break
		}
		want := map[string]bool{}
		for _, k := range missing {
			want[k] = true
		}
		var scen []string
		chains := false
		type crew struct {
			first  int
			second bool
		}
		var crews []crew
		for _, k := range missing {
			if ab, ok := strings.CutPrefix(k, "ability "); ok {
				// A character ability: campaigns whose first seat plays
				// the class (and Pro card) that has it.
				if c, ok := botClassWith(ab); ok && !slices.Contains(crews, crew(c)) {
					crews = append(crews, crew(c))
				}
				continue
			}
			if !strings.HasPrefix(k, "card ") && !strings.HasPrefix(k, "chit ") && !strings.HasPrefix(k, "piece ") {
				chains = true
			}
		}
		for _, sc := range l.Scenarios {
			s, err := newState(l, sc, 4, 1, nil, nil)
			if err != nil {
				continue
			}
			has := map[string]bool{}
			for _, code := range s.Deck {
				has["card "+code] = true
			}
			for k := range s.Bag {
				has["chit "+k] = true
			}
			for _, x := range s.Tiles {
				for _, k := range botPieces(x) {
					has[k] = true
				}
			}
			for k := range want {
				if has[k] || strings.HasPrefix(k, "chit ") && !strings.HasPrefix(k, "chit keycard") {
					// Events place Guards, Locks, Cameras and Dogs on any
					// map.
					scen = append(scen, sc.Slug)
					break
				}
			}
		}
		t.Run(fmt.Sprintf("top-up/%d", pass), func(t *testing.T) {
			for _, slug := range scen {
				for _, n := range []int{3, 4} {
					slug, n := slug, n
					t.Run(fmt.Sprintf("%s/%d", slug, n), func(t *testing.T) {
						t.Parallel()
						for k := uint64(0); k < 2; k++ {
							botPlayout(t, botSetup(slug, n, 1000*uint64(pass)+k), true, reach)
						}
					})
				}
			}
			if chains {
				for _, n := range []int{3, 4} {
					botChain(t, reach, n, pass%4, pass, (pass%4)*n, pass%4 >= 2)
				}
			}
			for _, c := range crews {
				for _, n := range []int{3, 4} {
					botChain(t, reach, n, pass%4, pass, c.first, c.second)
				}
			}
		})
		var got []string
		left := map[string]bool{}
		for _, k := range botMissing(reach) {
			left[k] = true
		}
		for _, k := range missing {
			if !left[k] {
				got = append(got, k)
			}
		}
		log = append(log, fmt.Sprintf("pass %d (%d scenarios, campaigns %v, %d crews for abilities): %s", pass, len(scen), chains, len(crews), strings.Join(got, ", ")))
	}
	return log
}

// botClassWith finds the Amateur class (its number in botCrew's order)
// whose card, or one of whose Pro cards, has the ability named, and
// whether it is the second Pro card.
func botClassWith(ability string) (struct {
	first  int
	second bool
}, bool) {
	l := theLib()
	var out struct {
		first  int
		second bool
	}
	has := func(card string) bool {
		if c := l.Characters[card]; c != nil {
			for _, a := range c.Abilities {
				if a.Name == ability {
					return true
				}
			}
		}
		return false
	}
	i := 0
	for _, card := range l.CharOrder {
		c := l.Characters[card]
		if c.Level != 1 {
			continue
		}
		if has(card) {
			out.first = i
			return out, true
		}
		for k, pro := range c.LevelUp {
			if has(pro) {
				out.first, out.second = i, k == 1
				return out, true
			}
		}
		i++
	}
	return out, false
}

// TestBotPlayoutsEveryScenario plays seeded heists with a bot in every
// seat, for every scenario and crew size, with the invariants of the random
// playouts (they finish, conserve every chit, replay from seed and log,
// keep the generator secret), then campaigns of heists in a row; and
// checks that all of it together resolved every Event, Crisis, Item,
// Fixer, character ability, kind of chit and board piece, and way a heist
// ends, but the exceptions of botUnreached. Content the fixed heists miss
// is looked for on more seeds (botTopUp) before the check fails.
func TestBotPlayoutsEveryScenario(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	reach := &botReach{seen: map[string]bool{}}
	t.Run("games", func(t *testing.T) {
		for _, sc := range theLib().Scenarios {
			for _, n := range []int{3, 4} {
				sc, n := sc, n
				t.Run(fmt.Sprintf("%s/%d", sc.Slug, n), func(t *testing.T) {
					t.Parallel()
					for seed := uint64(1); seed <= uint64(seeds); seed++ {
						setup := botSetup(sc.Slug, n, seed)
						s, log := botPlayout(t, setup, true, reach)
						if seed == 1 {
							replayBot(t, setup, s, log)
						}
					}
				})
			}
		}
		if !testing.Short() {
			botChains(t, reach)
		}
	})
	if testing.Short() {
		return
	}
	if missed := botMissing(reach); len(missed) > 0 {
		t.Logf("not reached by the fixed heists: %s", strings.Join(missed, ", "))
		for _, l := range botTopUp(t, reach) {
			t.Logf("top-up %s", l)
		}
	}
	missing := botMissing(reach)
	var stale []string
	for _, k := range botContent() {
		if _, excused := botUnreached[k]; excused && reach.seen[k] {
			stale = append(stale, k)
		}
	}
	if len(stale) > 0 {
		t.Logf("reached after all (botUnreached may drop them): %s", strings.Join(stale, ", "))
	}
	if len(missing) > 0 {
		t.Errorf("never resolved by the bots (reach them, or justify them in botUnreached and CONTENT.md): %s", strings.Join(missing, ", "))
	}
}

// TestBotFigures prints, side by side, heists won by bot crews and by
// random crews per scenario and crew size, and the rounds they last
// (HEIST_BOT_FIGURES=20 go test -run TestBotFigures -v ./engine/heist).
func TestBotFigures(t *testing.T) {
	seeds, _ := strconv.Atoi(os.Getenv("HEIST_BOT_FIGURES"))
	if seeds <= 0 {
		t.Skip("set HEIST_BOT_FIGURES=<heists per scenario and crew size> to measure")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| scenario | crew | bots won | bot rounds | random won | random rounds |\n|---|---|---|---|---|---|\n")
	totals := [4]int{}
	start := time.Now()
	games := 0
	for _, sc := range theLib().Scenarios {
		for _, n := range []int{3, 4} {
			bw, br, rw, rr := 0, 0, 0, 0
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				s, _ := botPlayout(t, botSetup(sc.Slug, n, seed), false, nil)
				games++
				if s.Won {
					bw++
				}
				br += s.Round
				x, _ := playout(t, sc.Slug, n, seed, false)
				if x.Won {
					rw++
				}
				rr += x.Round
			}
			totals[0] += bw
			totals[2] += rw
			totals[1] += br
			totals[3] += rr
			fmt.Fprintf(&b, "| %s | %d | %d/%d | %.1f | %d/%d | %.1f |\n", sc.Slug, n, bw, seeds, float64(br)/float64(seeds), rw, seeds, float64(rr)/float64(seeds))
		}
	}
	all := len(theLib().Scenarios) * 2 * seeds
	fmt.Fprintf(&b, "| all | 3–4 | %d/%d | %.1f | %d/%d | %.1f |\n", totals[0], all, float64(totals[1])/float64(all), totals[2], all, float64(totals[3])/float64(all))
	t.Logf("\n%s", b.String())
	t.Logf("%d bot-played heists and as many random ones in %v", games, time.Since(start).Round(time.Millisecond))
}

// botPositions are positions of a few bot-played heists (every 7th move),
// with the seat to act.
func botPositions(b *testing.B) []botPos {
	var ps []botPos
	for _, slug := range []string{"the-inclusion-job", "the-black-box", "the-marathon-job"} {
		setup := botSetup(slug, 4, 1)
		_, log := botPlayout(b, setup, false, nil)
		st, _ := Game().New(setup)
		s := st.(*State)
		for i, p := range log {
			if i%7 == 0 {
				data, _ := s.Marshal()
				cp, _ := Game().Load(data)
				ps = append(ps, botPos{cp.(*State), p.Seat})
			}
			s.Apply(p.Seat, p.Move)
		}
	}
	return ps
}

type botPos struct {
	s    *State
	seat engine.Seat
}

// BenchmarkBotMove times one bot decision from a seat's view already
// built, over the positions of a few bot-played heists.
func BenchmarkBotMove(b *testing.B) {
	ps := botPositions(b)
	views := make([]engine.View, len(ps))
	legal := make([][]string, len(ps))
	for i, p := range ps {
		views[i], legal[i] = p.s.View(p.seat), p.s.Legal(p.seat)
	}
	r := engine.NewRand(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ps)
		Bot(views[k], legal[k], r)
	}
}

// BenchmarkBotMoveWithView times a bot decision with the view it is given
// built first (State.View), as the platform's stand-in does.
func BenchmarkBotMoveWithView(b *testing.B) {
	ps := botPositions(b)
	r := engine.NewRand(1)
	bot := Game().Bot
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		bot.Choose(p.s.View(p.seat), p.s.Legal(p.seat), r)
	}
}

// BenchmarkBotHeist times a whole heist played by four bots.
func BenchmarkBotHeist(b *testing.B) {
	for i := 0; i < b.N; i++ {
		botPlayout(b, botSetup("the-inclusion-job", 4, uint64(i+1)), false, nil)
	}
}

// TestBotDeterministic plays the same bot heists twice: the same seed
// gives the same moves, so a bot-played game replays from its log.
func TestBotDeterministic(t *testing.T) {
	for _, slug := range []string{"the-inclusion-job", "the-black-box", "county-the-river"} {
		_, a := botPlayout(t, botSetup(slug, 4, 7), false, nil)
		_, b := botPlayout(t, botSetup(slug, 4, 7), false, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("%s: two bot-played heists from one seed differ", slug)
		}
	}
}

// TestBotAnswersUnknownMoves gives the bot moves it has no policy for: it
// still answers with one of them, preferring one that ends or declines.
func TestBotAnswersUnknownMoves(t *testing.T) {
	s := newTestState(t, "the-inclusion-job", 3, 1)
	view := s.View(0)
	r := engine.NewRand(1)
	for _, tc := range []struct{ legal []string }{
		{[]string{"flashbang toward c3", "decline"}},
		{[]string{"breach side ne", "breach side sw"}},
		{[]string{"guards", "dogs"}},
	} {
		got := Bot(view, tc.legal, r)
		if !slices.Contains(tc.legal, got) {
			t.Errorf("legal %v: the bot answered %q", tc.legal, got)
		}
		if slices.Contains(tc.legal, "decline") && got != "decline" {
			t.Errorf("legal %v: the bot answered %q, not decline", tc.legal, got)
		}
	}
	if got := Bot(nil, []string{"x"}, r); got != "x" {
		t.Errorf("without a view the bot answered %q", got)
	}
}
