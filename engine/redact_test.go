package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/engine/escapeplan"
	"casefile/engine/heist"
	"casefile/engine/policeprecinct"
)

// TestRedactMatchesJSONRoundTrip holds Redact's typed copy to the JSON
// round trip it replaced: over random states of every real game (every
// player count, the variants with hidden roles), each viewer's redacted
// state is deeply equal to the old one and encodes to the same bytes, so
// every view, text and picture made from it is unchanged, and what the
// vis tags hide stays hidden.
func TestRedactMatchesJSONRoundTrip(t *testing.T) {
	type setup struct {
		game *engine.Game
		opts map[string]string
	}
	games := []setup{
		{escapeplan.Game(), nil},
		{heist.Game(), nil},
		{policeprecinct.Game(), nil},
		{policeprecinct.Game(), map[string]string{"variant": "dirty-cop", "traitors": "maybe"}},
		{android.Game(), nil},
	}
	seeds := 3
	moves := 300
	if testing.Short() {
		seeds, moves = 2, 150
	}
	for _, su := range games {
		g := su.game
		for players := g.MinPlayers; players <= g.MaxPlayers; players++ {
			if (su.opts["variant"] == "dirty-cop" || g.ID == "masters-of-the-heist") && players < 3 {
				continue // one person runs several of a heist's 3–4 seats
			}
			name := fmt.Sprintf("%s/%d%v", g.ID, players, su.opts)
			t.Run(name, func(t *testing.T) {
				checked := 0
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					opts, err := g.CheckOptions(su.opts)
					if err != nil {
						t.Fatal(err)
					}
					st, err := g.New(engine.Setup{Players: players, Seed: seed, Options: opts})
					if err != nil {
						t.Fatal(err)
					}
					r := engine.NewRand(seed * 31)
					for step := 0; step < moves; step++ {
						if step%7 == 0 || st.Outcome() != nil {
							for v := engine.Public; v < engine.Seat(players); v++ {
								sameRedaction(t, st, v)
								checked++
							}
						}
						if st.Outcome() != nil {
							break
						}
						seat, mv, ok := engine.RandomMove(st, r)
						if !ok {
							break
						}
						if _, err := st.Apply(seat, mv); err != nil {
							t.Fatalf("seed %d step %d: %v", seed, step, err)
						}
					}
				}
				if checked == 0 {
					t.Fatal("no state compared")
				}
			})
		}
	}
}

// sameRedaction fails t when Redact and the JSON round trip disagree on
// what viewer sees of st.
func sameRedaction(t *testing.T, st engine.State, viewer engine.Viewer) {
	t.Helper()
	switch s := st.(type) {
	case *escapeplan.State:
		compareRedact(t, s, viewer)
	case *heist.State:
		compareRedact(t, s, viewer)
	case *policeprecinct.State:
		compareRedact(t, s, viewer)
	case *android.State:
		compareRedact(t, s, viewer)
	default:
		t.Fatalf("no comparison for state type %T", st)
	}
}

func compareRedact[T any](t *testing.T, s *T, viewer engine.Viewer) {
	t.Helper()
	got, want := engine.Redact(s, viewer), engine.RedactByJSON(s, viewer)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("viewer %d: Redact differs from the JSON round trip", viewer)
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) {
		t.Fatalf("viewer %d: Redact encodes differently from the JSON round trip", viewer)
	}
}

// jsonShapes holds what the typed copy must treat as JSON does: omitted,
// unexported and json:"-" fields, nil and empty collections, shared
// pointers, interfaces, embedded structs and custom marshalers.
type jsonShapes struct {
	Name     string            `json:"name"`
	Tags     []string          `json:"tags,omitempty"`
	Empty    []int             `json:"empty"`
	NilSlice []int             `json:"nil_slice"`
	Counts   map[string]int    `json:"counts,omitempty"`
	ByID     map[int]*jsonPart `json:"by_id"`
	Skip     string            `json:"-"`
	hidden   string
	Any      any             `json:"any"`
	Raw      json.RawMessage `json:"raw"`
	Ptr      *jsonPart       `json:"ptr"`
	Again    *jsonPart       `json:"again"`
	Grid     [2][2]int       `json:"grid"`
	Bytes    []byte          `json:"bytes"`
	Nested   []jsonPart      `json:"nested"`
	Embeds   jsonEmbeds      `json:"embeds"`
	Secret   int             `json:"secret" vis:"hidden"`
}

type jsonPart struct {
	N     int      `json:"n"`
	Notes []string `json:"notes,omitempty"`
}

type jsonEmbeds struct {
	jsonPart
	Extra int `json:"extra"`
}

// TestRedactCopiesAsJSONDoes checks the typed copy on the shapes a state
// may take that the games do not all use today.
func TestRedactCopiesAsJSONDoes(t *testing.T) {
	shared := &jsonPart{N: 2, Notes: []string{}}
	s := &jsonShapes{
		Name: "x", Tags: []string{}, Empty: []int{}, Counts: map[string]int{},
		ByID: map[int]*jsonPart{1: {N: 1}, 2: nil}, Skip: "skip", hidden: "h",
		Any: map[string]any{"a": []any{1, "b"}}, Raw: json.RawMessage(`{ "k" : 1 }`),
		Ptr: shared, Again: shared, Grid: [2][2]int{{1, 2}, {3, 4}}, Bytes: []byte{},
		Nested: []jsonPart{{N: 3, Notes: []string{}}, {N: 4, Notes: []string{"y"}}},
		Embeds: jsonEmbeds{jsonPart: jsonPart{N: 5}, Extra: 6}, Secret: 7,
	}
	for _, v := range []engine.Viewer{engine.Public, 0} {
		compareRedact(t, s, v)
	}
	got := engine.Redact(s, engine.Public)
	if got.Ptr == s.Ptr || got.Ptr == got.Again {
		t.Fatal("Redact shares a pointer with the state, or between two fields, as JSON never does")
	}
	got.Nested[1].Notes[0] = "changed"
	if s.Nested[1].Notes[0] != "y" {
		t.Fatal("changing the copy changed the state")
	}
}

// BenchmarkRedact measures one private view's redaction of a mid-game
// 6-player Police Precinct state, the typed copy beside the JSON round
// trip it replaced.
func BenchmarkRedact(b *testing.B) {
	g := policeprecinct.Game()
	st, err := g.New(engine.Setup{Players: 6, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	r := engine.NewRand(3)
	for i := 0; i < 30; i++ {
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			break
		}
		if _, err := st.Apply(seat, mv); err != nil {
			b.Fatal(err)
		}
	}
	s := st.(*policeprecinct.State)
	b.Run("typed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			engine.Redact(s, 1)
		}
	})
	b.Run("json", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			engine.RedactByJSON(s, 1)
		}
	})
}
