package engine_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/enginetest"
)

func TestRandDeterministicAndRestorable(t *testing.T) {
	a := engine.NewRand(42)
	for i := 0; i < 10; i++ {
		a.Intn(100)
	}
	data, _ := json.Marshal(a)
	var b engine.Rand
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if x, y := a.Intn(1000), b.Intn(1000); x != y {
			t.Fatalf("draw %d: restored generator gave %d, original %d", i, y, x)
		}
	}
	// Seeds near 2^64 survive JSON (stored as a string, not a float).
	big := engine.NewRand(^uint64(0) - 3)
	data, _ = json.Marshal(big)
	var back engine.Rand
	_ = json.Unmarshal(data, &back)
	if back.S != big.S {
		t.Fatalf("seed %d came back as %d", big.S, back.S)
	}
}

func TestRandIntnUniformEnough(t *testing.T) {
	r := engine.NewRand(7)
	counts := make([]int, 6)
	for i := 0; i < 60000; i++ {
		counts[r.Die(6)-1]++
	}
	for face, c := range counts {
		if c < 9500 || c > 10500 {
			t.Fatalf("face %d came up %d times in 60000 rolls", face+1, c)
		}
	}
}

type hand struct {
	Seat  engine.Seat `json:"seat"`
	Cards []string    `json:"cards" vis:"owner,count"`
	Money int         `json:"money" vis:"owner"`
	Name  string      `json:"name"`
}

func (h hand) OwnerSeat() engine.Seat { return h.Seat }

type table struct {
	Hands []hand          `json:"hands"`
	Deck  []string        `json:"deck" vis:"hidden,count"`
	Notes map[string]hand `json:"notes"`
	Top   *hand           `json:"top"`
	Rand  *engine.Rand    `json:"rand" vis:"hidden"`
}

func TestRedactFollowsDeclaredPolicy(t *testing.T) {
	st := &table{
		Hands: []hand{{Seat: 0, Cards: []string{"ace", "king"}, Money: 9, Name: "Ann"}, {Seat: 1, Cards: []string{"two"}, Money: 4, Name: "Bo"}},
		Deck:  []string{"queen", "jack", "ten"},
		Notes: map[string]hand{"x": {Seat: 1, Cards: []string{"seven"}, Money: 3}},
		Top:   &hand{Seat: 0, Cards: []string{"nine"}, Money: 1},
		Rand:  engine.NewRand(5),
	}
	pub := engine.Redact(st, engine.Public)
	if len(pub.Hands[0].Cards) != 2 || pub.Hands[0].Cards[0] != "" || pub.Hands[0].Money != 0 || pub.Hands[0].Name != "Ann" {
		t.Fatalf("public hand 0 = %+v: want 2 blank cards, no money, the name", pub.Hands[0])
	}
	if len(pub.Deck) != 3 || pub.Deck[0] != "" || pub.Rand != nil {
		t.Fatalf("public deck %v rand %v: want 3 blanks and no generator", pub.Deck, pub.Rand)
	}
	if pub.Notes["x"].Cards[0] != "" || pub.Top.Cards[0] != "" {
		t.Fatalf("map and pointer contents not redacted: %+v %+v", pub.Notes, pub.Top)
	}
	mine := engine.Redact(st, 0)
	if mine.Hands[0].Cards[1] != "king" || mine.Hands[0].Money != 9 || mine.Hands[1].Cards[0] != "" || mine.Top.Cards[0] != "nine" {
		t.Fatalf("seat 0 view wrong: %+v top %+v", mine.Hands, mine.Top)
	}
	if st.Hands[0].Cards[0] != "ace" || st.Deck[0] != "queen" {
		t.Fatal("Redact changed the original state")
	}
	hidden := engine.HiddenFrom(st, engine.Public)
	var vals []string
	for _, v := range hidden {
		vals = append(vals, v)
	}
	joined := strings.Join(vals, " ")
	for _, want := range []string{"ace", "king", "two", "queen", "seven", "nine"} {
		if !strings.Contains(joined, want) {
			t.Errorf("HiddenFrom(public) misses %q: %v", want, hidden)
		}
	}
	if strings.Contains(joined, "Ann") {
		t.Errorf("HiddenFrom lists a public name: %v", hidden)
	}
}

func TestParseOptions(t *testing.T) {
	got, err := engine.ParseOptions("seed=42, players=2 Variant=dirty-cop")
	if err != nil {
		t.Fatal(err)
	}
	if got["seed"] != "42" || got["players"] != "2" || got["variant"] != "dirty-cop" || len(got) != 3 {
		t.Fatalf("got %v", got)
	}
	for _, bad := range []string{"seed", "=3", "seed=", "a=1 a=2", "sé=1", strings.Repeat("a=1 ", 200)} {
		if _, err := engine.ParseOptions(bad); err == nil {
			t.Errorf("ParseOptions(%q) accepted", bad)
		} else if _, ok := engine.IsRejection(err); !ok {
			t.Errorf("ParseOptions(%q) error is not a rejection: %v", bad, err)
		}
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"seed=42", "a=b,c=d", "=", "x==y", "players=2 clock=24h"} {
		f.Add(s)
	}
	g := enginetest.Game()
	f.Fuzz(func(t *testing.T, s string) {
		opts, err := engine.ParseOptions(s)
		if err != nil {
			if _, ok := engine.IsRejection(err); !ok {
				t.Fatalf("non-rejection error %v", err)
			}
			return
		}
		if _, err := g.CheckOptions(opts); err != nil {
			if _, ok := engine.IsRejection(err); !ok {
				t.Fatalf("non-rejection error %v", err)
			}
		}
	})
}

func TestCheckOptions(t *testing.T) {
	g := enginetest.Game()
	got, err := g.CheckOptions(map[string]string{"seed": "9"})
	if err != nil || got["rounds"] != "3" || got["seed"] != "9" {
		t.Fatalf("defaults not filled: %v %v", got, err)
	}
	for _, bad := range []map[string]string{{"colour": "red"}, {"rounds": "7"}, {"seed": "-1"}, {"players": "9"}} {
		_, err := g.CheckOptions(bad)
		msg, ok := engine.IsRejection(err)
		if !ok || msg == "" {
			t.Errorf("CheckOptions(%v) = %v, want a rejection", bad, err)
		}
	}
}

func TestExpandSeatRefs(t *testing.T) {
	name := func(s engine.Seat) string { return []string{"<@a>", "<@b>"}[s] }
	cases := map[string]string{
		"@{0} beats @{1}.":  "<@a> beats <@b>.",
		"no refs":           "no refs",
		"@{x} @{1":          "@{x} @{1",
		"@{1}@{0}":          "<@b><@a>",
		"@{+1} @{01} @{ 1}": "@{+1} @{01} @{ 1}",
	}
	for in, want := range cases {
		if got := engine.ExpandSeatRefs(in, name); got != want {
			t.Errorf("ExpandSeatRefs(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMatchLegalIgnoresCaseAndSpaces(t *testing.T) {
	m, ok := engine.MatchLegal([]string{"move church", "rest"}, "  Move   CHURCH ")
	if !ok || m != "move church" {
		t.Fatalf("got %q %v", m, ok)
	}
	if _, ok := engine.MatchLegal([]string{"rest"}, "res"); ok {
		t.Fatal("prefix matched")
	}
}

// TestStakeoutPlayoutsReplay plays random games of the fixture and checks
// each finishes and replays to the same bytes from seed and log.
func TestStakeoutPlayoutsReplay(t *testing.T) {
	g := enginetest.Game()
	for players := 1; players <= 4; players++ {
		for seed := uint64(0); seed < 50; seed++ {
			setup := engine.Setup{Players: players, Seed: seed, Options: map[string]string{"rounds": "3"}}
			s, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			r := engine.NewRand(seed + 1000)
			var log []engine.LoggedMove
			for steps := 0; s.Outcome() == nil; steps++ {
				if steps > 500 {
					t.Fatalf("players %d seed %d: no end after 500 moves", players, seed)
				}
				seat, move, ok := engine.RandomMove(s, r)
				if !ok {
					t.Fatalf("nobody may act but the game is not over")
				}
				if _, err := s.Apply(seat, move); err != nil {
					t.Fatalf("legal move %q rejected: %v", move, err)
				}
				log = append(log, engine.LoggedMove{Seat: seat, Text: move})
			}
			again, err := engine.Replay(g, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := s.Marshal()
			b, _ := again.Marshal()
			if !bytes.Equal(a, b) {
				t.Fatalf("players %d seed %d: replay differs", players, seed)
			}
		}
	}
}

func TestRejectedMoveChangesNothing(t *testing.T) {
	g := enginetest.Game()
	s, _ := g.New(engine.Setup{Players: 2, Seed: 1})
	before, _ := s.Marshal()
	_, err := s.Apply(0, "take")
	msg, ok := engine.IsRejection(err)
	if !ok || !strings.Contains(msg, "bid 0") {
		t.Fatalf("want a rejection listing legal moves, got %v", err)
	}
	after, _ := s.Marshal()
	if !bytes.Equal(before, after) {
		t.Fatal("a rejected move changed the state")
	}
}

func TestStakeoutConforms(t *testing.T) {
	g := enginetest.Game()
	for _, variant := range []string{"plain", "secrets"} {
		for players := 1; players <= 4; players++ {
			for seed := uint64(0); seed < 20; seed++ {
				opts := map[string]string{"rounds": "3", "variant": variant}
				if _, err := enginetest.Conform(g, engine.Setup{Players: players, Seed: seed, Options: opts}, seed, 1000); err != nil {
					t.Fatalf("%s, players %d seed %d: %v", variant, players, seed, err)
				}
			}
		}
	}
}

func TestSecretFingerprintsFollowOwnerFields(t *testing.T) {
	st := &table{Hands: []hand{{Seat: 0, Cards: []string{"ace"}, Money: 9, Name: "Ann"}, {Seat: 1, Cards: []string{"two"}, Money: 4, Name: "Bo"}}, Deck: []string{"q"}}
	before := engine.SecretFingerprints(st)
	st.Hands[0].Name = "Anna" // public
	st.Deck = []string{"k"}   // hidden from everyone
	st.Hands[1].Money = 5     // bo's secret
	after := engine.SecretFingerprints(st)
	if before[0] != after[0] {
		t.Fatal("seat 0's fingerprint changed though only public and fully hidden fields did")
	}
	if before[1] == after[1] {
		t.Fatal("seat 1's fingerprint did not change with its money")
	}
	// A public entry holding an empty secret comes and goes: no change.
	st.Hands = append(st.Hands, hand{Seat: 0, Name: "extra"})
	if again := engine.SecretFingerprints(st); again[0] != after[0] {
		t.Fatal("an empty secret field changed the fingerprint")
	}
}

// TestPlayerCountsReadAsEnglish: lobbies and help never say "1 players",
// and a game whose seats are not one per person says how people sit.
func TestPlayerCountsReadAsEnglish(t *testing.T) {
	cases := []struct {
		g    engine.Game
		want string
	}{
		{engine.Game{MinPlayers: 1, MaxPlayers: 1}, "1 player"},
		{engine.Game{MinPlayers: 2, MaxPlayers: 2}, "2 players"},
		{engine.Game{MinPlayers: 1, MaxPlayers: 5}, "1–5 players"},
		{engine.Game{MinPlayers: 1, MaxPlayers: 4, Seating: "1–4 people running 3–4 characters"}, "1–4 people running 3–4 characters"},
	}
	for _, c := range cases {
		if got := c.g.Players(); got != c.want {
			t.Errorf("Players() = %q, want %q", got, c.want)
		}
	}
	if engine.Plural(1, "token", "tokens") != "1 token" || engine.Plural(0, "token", "tokens") != "0 tokens" || engine.Plural(3, "token", "tokens") != "3 tokens" {
		t.Error("Plural agrees badly with its number")
	}
}
