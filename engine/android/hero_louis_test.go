package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// meetHeroNeed gives a card's player or target what a hero condition asks
// (meetNeeds' hero part).
func meetHeroNeed(s *State, n Need, payer, target *Det) {
	switch n.Kind {
	case NeedMoney:
		if payer.Rachel != nil {
			payer.Rachel.Money = max(payer.Rachel.Money, n.N)
		}
	case NeedNPCFavor, NeedTargetNPCFavor:
		d := payer
		if n.Kind == NeedTargetNPCFavor {
			d = target
		}
		if npc := s.npcOf(d.Seat); npc != nil && npc.Held == 0 {
			npc.Pile--
			npc.Held++
		}
	default:
		if meet, ok := heroMeetNeeds[n.Kind]; ok {
			meet(s, n, payer, target)
		}
	}
}

// playThrough plays card c through the game's moves as TestEveryCardPlays
// does (tactic "" for a card with no Fight), after prep has set the
// scene, and returns the state, the owner's and the player's seats and
// the public lines of the play.
func playThrough(t *testing.T, c *Card, tac string, prep func(s *State, owner, payer int)) (s *State, owner, payer int, lines string) {
	t.Helper()
	s = quiet(newS(t, 5, 1, "1"))
	emptyHands(s)
	owner = seatOf(t, s, c.owner().Slug)
	for s.active() != owner {
		apply(t, s, s.active(), "end turn")
	}
	d := s.det()
	payer = owner
	if c.Dark {
		payer = s.left(owner)
	}
	give(s, payer, c.ID)
	meetNeeds(s, c, &s.Dets[payer], d)
	if prep != nil {
		prep(s, owner, payer)
	}
	fresh(s)
	suffixes, _ := s.options(c, d)
	play := "play " + c.ID + suffixes[0]
	var out []string
	if !c.Dark {
		out = append(out, applyRaw(t, s, owner, play).Public...)
	} else {
		s.triggerFor(t, c, owner)
		for top := s.Pending.Top(); top.Kind != StepDarkWindow; top = s.Pending.Top() {
			applyRaw(t, s, int(top.Seats[0]), top.Default)
		}
		if !has(s, payer, play) {
			t.Fatalf("%s: not offered in the window: %v", c.ID, legal(s, payer))
		}
		for _, r := range answerAll(t, s, map[int]string{payer: play}) {
			out = append(out, r.Public...)
		}
	}
	if tac != "" {
		out = append(out, applyRaw(t, s, owner, tac).Public...)
	}
	if err := conserve(s); err != nil {
		t.Errorf("%s %s: %v", c.ID, tac, err)
	}
	return s, owner, payer, strings.Join(out, "\n")
}

// heroCardCase is one new card's effect test: prep sets the scene, check
// says what is wrong after the card is played ("" when right).
type heroCardCase struct {
	id, tac string
	prep    func(s *State, owner, payer int)
	check   func(s *State, owner, payer int, lines string) string
}

// runHeroCards runs the cases and checks that every card of the given
// ids was tested.
func runHeroCards(t *testing.T, cases []heroCardCase, ids []string) {
	t.Helper()
	done := map[string]bool{}
	for _, k := range cases {
		c := CardByID(k.id)
		if c == nil {
			t.Fatalf("no card %s", k.id)
		}
		s, owner, payer, lines := playThrough(t, c, k.tac, k.prep)
		if msg := k.check(s, owner, payer, lines); msg != "" {
			t.Errorf("%s (%s) %s: %s\n%s", k.id, c.Name, k.tac, msg, lines)
		}
		done[k.id] = true
	}
	for _, id := range ids {
		if !done[id] {
			t.Errorf("%s has no effect test", id)
		}
	}
}

// newIDs are a detective's cards of issue 19 (l07…, d07…).
func newIDs(slug string) []string {
	var out []string
	for _, dark := range []bool{false, true} {
		ids := deckIDs(slug, dark)
		out = append(out, ids[DeckSize:]...)
	}
	return out
}

func ok(b bool, msg string) string {
	if b {
		return ""
	}
	return msg
}

// goodMood puts Louis in a Good Mood, so that a card souring it shows.
func goodMood(s *State, owner, payer int) { s.Dets[owner].Louis.Good = true }

// TestLouisCards: an effect test for each of Louis Blaine's new cards
// (louis-l07…l12, louis-d07…d12), each played through the game's moves.
func TestLouisCards(t *testing.T) {
	li := func(s *State, owner int) int { return s.npcOf(owner).Held }
	cases := []heroCardCase{
		{"louis-l07", "", nil, func(s *State, o, p int, _ string) string {
			return ok(s.Dets[o].Louis.Good, "Dinner with Sara leaves the Bad Mood")
		}},
		{"louis-l08", "", nil, func(s *State, o, p int, l string) string {
			return ok(s.Dets[o].Louis.Sara == LouisSaraFavors+1 && strings.Contains(l, "gains 1 Time"), "no Sara favor or no Time")
		}},
		{"louis-l09", "", nil, func(s *State, o, p int, _ string) string {
			return ok(li(s, o) == LouisLiFavors+1 && s.Dets[o].Louis.Good, "no Mr. Li favor or Mood not good")
		}},
		{"louis-l10", "", nil, func(s *State, o, p int, _ string) string {
			return ok(li(s, o) == LouisLiFavors-1 && s.Suspects[0].Hits == 1, "favor not given back or no hit")
		}},
		{"louis-l11", "", func(s *State, o, p int) { faceDownOn(s, 0, 1, engine.Seat(s.left(o))) }, func(s *State, o, p int, _ string) string {
			return ok(s.Suspects[0].Files[1][0].knows(engine.Seat(o)), "no peek")
		}},
		{"louis-l12", "light tactics", nil, func(s *State, o, p int, l string) string {
			return ok(strings.Contains(l, "gains 1 Time") && s.Suspects[0].Hits == 0, "light tactics: no Time")
		}},
		{"louis-l12", "dark tactics", goodMood, func(s *State, o, p int, _ string) string {
			return ok(s.Suspects[0].Hits == 1 && !s.Dets[o].Louis.Good, "dark tactics: no hit or Mood still good")
		}},
		{"louis-d07", "", goodMood, func(s *State, o, p int, _ string) string {
			return ok(!s.Dets[o].Louis.Good, "Mood still good")
		}},
		{"louis-d08", "", goodMood, func(s *State, o, p int, _ string) string {
			return ok(!s.Dets[o].Louis.Good && s.Story.Plots[o].Bad == 1, "Mood still good or no bad baggage")
		}},
		{"louis-d09", "", nil, func(s *State, o, p int, _ string) string {
			return ok(li(s, o) == LouisLiFavors-1, "Mr. Li's favor kept")
		}},
		{"louis-d10", "", goodMood, func(s *State, o, p int, l string) string {
			return ok(!s.Dets[o].Louis.Good && strings.Contains(l, "loses 1 Time"), "Mood still good or no Time lost")
		}},
		{"louis-d11", "", nil, func(s *State, o, p int, l string) string {
			return ok(strings.Contains(l, "loses 1 Time") && strings.Contains(l, "greed"), "no Time lost or no greed baggage")
		}},
		{"louis-d12", "light tactics", goodMood, func(s *State, o, p int, l string) string {
			return ok(!s.Dets[o].Louis.Good && strings.Contains(l, "loses 1 Time"), "light tactics: Mood still good")
		}},
		{"louis-d12", "dark tactics", goodMood, func(s *State, o, p int, _ string) string {
			return ok(s.Dets[o].Trauma == 1 && s.Dets[o].Louis.Good, "dark tactics: no trauma, or the Mood turned")
		}},
	}
	runHeroCards(t, cases, newIDs("louis"))
}

// TestFullDecksLouisRachel: Louis's and Rachel's decks are full decks of
// FullDeckSize light and FullDeckSize dark cards, the new ones numbered
// on from the first deck's, each with a colour of its own detective's
// plots or none.
func TestFullDecksLouisRachel(t *testing.T) {
	for _, slug := range []string{"louis", "rachel"} {
		for _, dark := range []bool{false, true} {
			ids := deckIDs(slug, dark)
			if len(ids) != FullDeckSize {
				t.Errorf("%s dark=%v: %d cards, want %d", slug, dark, len(ids), FullDeckSize)
			}
			side := "l"
			if dark {
				side = "d"
			}
			if ids[len(ids)-1] != slug+"-"+side+"12" {
				t.Errorf("%s: last id %s", slug, ids[len(ids)-1])
			}
		}
	}
}

// TestHeroLouisFavors (AN-HERO-06): Louis Blaine starts with 2 Mr. Li
// favors (from Mr. Li's pile) and 1 Sara favor; both show in the public
// view; no other detective has them.
func TestHeroLouisFavors(t *testing.T) {
	s := newS(t, 5, 3, "")
	o := seatOf(t, s, "louis")
	n := s.npcOf(o)
	if n == nil || n.Def().Name != "Mr. Li" || n.Held != 2 || n.Pile != NPCFavorsPerNPC-2 {
		t.Fatalf("Mr. Li: %+v", n)
	}
	if l := s.Dets[o].Louis; l == nil || l.Sara != 1 {
		t.Fatalf("Sara favors: %+v", l)
	}
	pub := s.View(engine.Public).(*View).State
	if l := pub.Dets[o].Louis; l == nil || l.Sara != 1 || l.Good {
		t.Errorf("public view: %+v", l)
	}
	for _, d := range s.Dets {
		if d.Seat != o && d.Louis != nil {
			t.Errorf("seat %d (%s) has Louis's card", d.Seat, d.Def().Name)
		}
	}
	if err := conserve(s); err != nil {
		t.Error(err)
	}
}

// heroTurn deals a 5-player game and ends turns until the turn of the
// detective called slug, whose seat it returns.
func heroTurn(t *testing.T, slug string) (*State, int) {
	s := quiet(newS(t, 5, 3, "1"))
	o := seatOf(t, s, slug)
	for s.active() != o {
		apply(t, s, s.active(), "end turn")
	}
	return s, o
}

// TestHeroLouisMood (AN-HERO-07): the Mood card is in play Bad Mood side
// up; in a Bad Mood Louis's turns start with BadMoodTime less Time;
// "call sara" spends 1 Time and a Sara favor and turns the Mood good
// (with a good baggage when his plot is Sara), after which his turns have
// full Time; it is refused with the reason when the Mood is good, when he
// holds no Sara favor, and to other detectives.
func TestHeroLouisMood(t *testing.T) {
	s, o := heroTurn(t, "louis")
	l := s.Dets[o].Louis
	if l == nil || l.Good || l.MoodText() != "Louis is in a Bad Mood" {
		t.Fatalf("Mood at setup: %+v", l)
	}
	if s.Time != TimePerTurn-BadMoodTime {
		t.Fatalf("a Bad Mood turn has %d Time", s.Time)
	}
	if msg := refusal(s, s.right(o), "call sara"); msg == "" {
		t.Error("another seat may call Sara")
	}
	s.Dets[o].Plot = "Sara"
	s.Story.Plots[o] = PlotState{Title: "Sara", Card: CardStart}
	fresh(s)
	res := apply(t, s, o, "call sara")
	if !l.Good || l.Sara != 0 || s.Time != TimePerTurn-BadMoodTime-1 || s.Story.Plots[o].Good != 1 {
		t.Fatalf("after call sara: %+v, Time %d, plot %+v\n%v", l, s.Time, s.Story.Plots[o], res.Public)
	}
	if msg := refusal(s, o, "call sara"); !strings.Contains(msg, "Good Mood already") {
		t.Errorf("refusal in a Good Mood: %q", msg)
	}
	l.Good = false
	fresh(s)
	if msg := refusal(s, o, "call sara"); !strings.Contains(msg, "no Sara favor") || !strings.Contains(msg, "Legal now") {
		t.Errorf("refusal without a Sara favor: %q", msg)
	}
	l.Good = true
	for i := 0; i < 5; i++ {
		apply(t, s, s.active(), "end turn")
		passWindows(t, s)
	}
	if s.active() != o || s.Time != TimePerTurn {
		t.Errorf("a Good Mood turn: seat %d, %d Time", s.active(), s.Time)
	}
}

// TestHeroNPCsLouisRachel (AN-HERO-16): Louis's NPCs are Sara, Mr. Li and
// Tanaka; Rachel's Capt. Beckmann, Oliver and Lena; Mr. Li and Capt.
// Beckmann are the ones granting them favors.
func TestHeroNPCsLouisRachel(t *testing.T) {
	for slug, want := range map[string][]string{
		"louis":  {"Sara", "Mr. Li", "Tanaka"},
		"rachel": {"Capt. Beckmann", "Oliver", "Lena"},
	} {
		i, _ := detectiveBySlug(slug)
		if !slices.Equal(Detectives[i].NPCs, want) {
			t.Errorf("%s NPCs %v, want %v", slug, Detectives[i].NPCs, want)
		}
	}
	grants := map[string]string{}
	for _, n := range FavorNPCs {
		grants[n.Detective] = n.Name
	}
	if grants["louis"] != "Mr. Li" || grants["rachel"] != "Capt. Beckmann" {
		t.Errorf("favor-granting NPCs: %v", grants)
	}
}
