package android

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// reachUniverse lists every piece of content a bot-played game should
// resolve at least once: each twilight card (light and dark) and each
// tactics of a Fight, each general and specific event, each plot ending,
// each location ability, each conspiracy bonus kind and each way the case
// can close.
func reachUniverse() []string {
	var u []string
	for _, id := range slices.Sorted(maps.Keys(Cards)) {
		u = append(u, "card "+id)
		if Cards[id].IsFight() {
			u = append(u, "fight "+id+" light tactics", "fight "+id+" dark tactics")
		}
	}
	for _, m := range Memories {
		u = append(u, "memory "+m.Name)
	}
	for _, e := range GeneralEvents {
		u = append(u, "general event "+e.Title)
	}
	for _, es := range SpecificEvents {
		for _, e := range es {
			u = append(u, "specific event "+e.Title)
		}
	}
	for _, title := range slices.Sorted(maps.Keys(Plots)) {
		for _, side := range Plots[title].Endings {
			for _, e := range side {
				u = append(u, "ending "+title+": "+e.Title)
			}
		}
	}
	for _, l := range Locations {
		if l.Major() {
			u = append(u, "ability "+l.Slug)
		}
	}
	for _, k := range []conspiracy.BonusKind{conspiracy.MoveLead, conspiracy.Hit, conspiracy.BonusPiece, conspiracy.HaasLink, conspiracy.JintekiLink} {
		u = append(u, "bonus "+bonusName(k))
	}
	u = append(u, "close murderer named", "close nobody guilty", "close a suspect dead", "close obsession bonus paid", "close obsessed without bonus")
	return u
}

func bonusName(k conspiracy.BonusKind) string {
	switch k {
	case conspiracy.MoveLead:
		return "move a lead"
	case conspiracy.Hit:
		return "place a hit"
	case conspiracy.BonusPiece:
		return "bonus piece"
	case conspiracy.HaasLink:
		return "Haas-Bioroid link"
	case conspiracy.JintekiLink:
		return "Jinteki link"
	}
	return fmt.Sprint(k)
}

// reachExceptions are the items bot-played games are not expected to
// reach, each with the reason (CONTENT.md §5, the reach check).
var reachExceptions = map[string]string{
	"close nobody guilty": "every suspect dead needs 18 hits and the supply holds 10: at most 3 of the 6 suspects can die (tested by hand in TestMurderer)",
}

// reachRecorder counts what one move resolved, from the move's text, the
// decision it answered and the public lines it produced.
type reachRecorder map[string]int

var cardByName = func() map[string]string {
	m := map[string]string{}
	for id, c := range Cards {
		m[c.Name] = id
	}
	return m
}()

func (rc reachRecorder) move(kind engine.DecisionKind, move string, lines []string, fightCard string) {
	f := strings.Fields(move)
	switch {
	case kind == StepTurn && len(f) >= 2 && f[0] == "use":
		rc["ability "+f[1]]++
	case kind == StepConspBonus && f[0] == "move":
		rc["bonus move a lead"]++
	case kind == StepConspBonus && f[0] == "hit":
		rc["bonus place a hit"]++
	case kind == StepConspBonus && f[0] == "draw":
		rc["bonus bonus piece"]++
	case kind == StepFight && fightCard != "":
		rc["fight "+fightCard+" "+move]++
	}
	for _, l := range lines {
		switch {
		case strings.Contains(l, " plays the light card "):
			name, _, _ := strings.Cut(l[strings.Index(l, " plays the light card ")+len(" plays the light card "):], " (1 Time)")
			rc["card "+cardByName[name]]++
		case strings.Contains(l, "'s dark card "):
			name, _, _ := strings.Cut(l[strings.Index(l, "'s dark card ")+len("'s dark card "):], " on ")
			rc["card "+cardByName[name]]++
		case strings.Contains(l, " plays Raymond's Memory card "):
			name, _, _ := strings.Cut(l[strings.Index(l, " plays Raymond's Memory card ")+len(" plays Raymond's Memory card "):], ":")
			rc["memory "+name]++
		case strings.HasPrefix(l, "Event (end of week "):
			title, _, _ := strings.Cut(l[strings.Index(l, "): ")+3:], " — ")
			rc["general event "+title]++
		case strings.HasPrefix(l, "The specific event is revealed: "):
			title, _, _ := strings.Cut(strings.TrimPrefix(l, "The specific event is revealed: "), " — ")
			rc["specific event "+title]++
		case strings.HasPrefix(l, "The Haas-Bioroid link piece now counts"):
			rc["bonus Haas-Bioroid link"]++
		case strings.HasPrefix(l, "The Jinteki link piece now counts"):
			rc["bonus Jinteki link"]++
		}
	}
}

// end counts the plot endings reached and the way the case closed.
func (rc reachRecorder) end(s *State) {
	for _, es := range s.Story.Endings {
		for _, e := range es {
			rc["ending "+e.Plot+": "+e.Ending]++
		}
	}
	if s.Close.Murderer >= 0 {
		rc["close murderer named"]++
	} else {
		rc["close nobody guilty"]++
	}
	for _, g := range s.Close.Guilt {
		if g.Dead {
			rc["close a suspect dead"]++
			break
		}
	}
	for _, h := range s.Close.Hunches {
		switch {
		case h.Bonus:
			rc["close obsession bonus paid"]++
		case h.Obsessed:
			rc["close obsessed without bonus"]++
		}
	}
}

// playReach plays one bot game like playBots, recording what it reached.
func playReach(t testing.TB, su engine.Setup, rc reachRecorder) (*State, []engine.LoggedMove) {
	t.Helper()
	s, log := playBotsWatched(t, su, 8000, func(top *Decision) func(string, engine.Result) {
		kind, fight := top.Kind, ""
		if kind == StepFight {
			fight = twi(top).Play.Card
		}
		return func(m string, res engine.Result) { rc.move(kind, m, res.Public, fight) }
	})
	rc.end(s)
	return s, log
}

// TestBotReach plays bot games over 3–5 players and each murder sheet
// (AN_REACH_GAMES per pair, default 1, none in -short runs) and lists what of
// reachUniverse never fired. With AN_REACH_GAMES set it fails on anything
// that never fired and is no listed exception (reachExceptions):
//
//	AN_REACH_GAMES=10 go test ./engine/android/ -count=1 -run TestBotReach -v
func TestBotReach(t *testing.T) {
	games, full := 1, false
	if testing.Short() {
		t.Skip("bot games of every count and murder; TestBotGames plays bots in -short runs")
	}
	if n, err := strconv.Atoi(os.Getenv("AN_REACH_GAMES")); err == nil && n > 0 {
		games, full = n, true
	}
	rc := reachRecorder{}
	total := 0
	for n := 3; n <= 5; n++ {
		for m := 1; m <= 3; m++ {
			for g := 0; g < games; g++ {
				su := engine.Setup{Players: n, Seed: uint64(n*70_000 + m*1000 + g), Options: map[string]string{"murder": fmt.Sprint(m)}}
				s, log := playReach(t, su, rc)
				total++
				if g == 0 {
					again, err := engine.Replay(Game(), su, log)
					if err != nil {
						t.Fatal(err)
					}
					a, _ := s.Marshal()
					b, _ := again.Marshal()
					if string(a) != string(b) {
						t.Fatalf("%+v: replay differs", su)
					}
				}
			}
		}
	}
	universe := reachUniverse()
	var never, fired []string
	for _, k := range universe {
		if rc[k] == 0 {
			never = append(never, k)
		} else {
			fired = append(fired, fmt.Sprintf("%s ×%d", k, rc[k]))
		}
	}
	for k := range rc {
		if !slices.Contains(universe, k) {
			t.Errorf("recorded %q, which is not in the universe (a parsing slip)", k)
		}
	}
	sort.Strings(fired)
	t.Logf("%d bot games; %d of %d items fired: %s", total, len(fired), len(universe), strings.Join(fired, "; "))
	t.Logf("never fired (%d): %q", len(never), never)
	for k := range reachExceptions {
		if !slices.Contains(universe, k) {
			t.Errorf("exception %q is not in the universe", k)
		}
	}
	if !full {
		return
	}
	for _, k := range never {
		if _, ok := reachExceptions[k]; !ok {
			t.Errorf("%s never fired in %d bot-played games and is no listed exception", k, total)
		}
	}
}
