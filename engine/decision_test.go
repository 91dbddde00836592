package engine_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"casefile/engine"
	"casefile/engine/enginetest"
)

type detail struct {
	Card  string   `json:"card"`
	Drawn []string `json:"drawn" vis:"owner"`
}

const (
	kindTurn   engine.DecisionKind = "turn"
	kindWindow engine.DecisionKind = "window"
	kindChoice engine.DecisionKind = "choice"
	kindFollow engine.DecisionKind = "follow-up"
)

func TestStackOrderPushQueueAndQueueBefore(t *testing.T) {
	var s engine.Stack[detail]
	s.Queue(engine.Decision[detail]{Kind: kindTurn, Seats: []engine.Seat{0}})
	s.Push(engine.Decision[detail]{Kind: kindWindow, Seats: []engine.Seat{1, 2}, Mode: engine.Reaction})
	s.QueueBefore(kindTurn, engine.Decision[detail]{Kind: kindFollow, Seats: []engine.Seat{2}})
	s.Push(engine.Decision[detail]{Kind: kindChoice, Seats: []engine.Seat{0}}, engine.Decision[detail]{Kind: kindFollow, Seats: []engine.Seat{1}})
	var got []engine.DecisionKind
	for _, d := range s.Items {
		got = append(got, d.Kind)
	}
	want := []engine.DecisionKind{kindChoice, kindFollow, kindWindow, kindFollow, kindTurn}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("stack order %v, want %v", got, want)
	}
	if f := s.Find(kindWindow); f == nil || f != &s.Items[2] {
		t.Fatalf("Find(window) = %v", f)
	}
	for i, k := range want {
		if d := s.Pop(); d.Kind != k {
			t.Fatalf("pop %d: %s, want %s", i, d.Kind, k)
		}
	}
	if !s.Empty() || s.Top() != nil || s.Len() != 0 {
		t.Fatalf("stack not empty after popping all: %+v", s)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Pop on an empty stack did not panic")
		}
	}()
	s.Pop()
}

func TestDecisionAnswersSettleByMode(t *testing.T) {
	seq := engine.Decision[detail]{Mode: engine.Sequential, Seats: []engine.Seat{3}}
	if !seq.Answer(3) {
		t.Fatal("a sequential decision is settled by its one answer")
	}
	win := engine.Decision[detail]{Mode: engine.Reaction, Seats: []engine.Seat{0, 1, 2}}
	if win.Answer(1) || win.Answer(1) || win.Answer(7) {
		t.Fatal("a window settled before every listed seat answered (or by a repeat or a stranger)")
	}
	if win.Owes(1) || !win.Owes(0) || win.Owes(7) {
		t.Fatalf("Owes: 1 answered, 0 not, 7 not listed: %+v", win)
	}
	if got := win.Waiting(); !reflect.DeepEqual(got, []engine.Seat{0, 2}) {
		t.Fatalf("waiting %v", got)
	}
	if win.Drop(0) {
		t.Fatal("dropping 0 leaves 2 waiting")
	}
	if !win.Answer(2) {
		t.Fatal("the window is settled once every remaining seat answered")
	}
}

func TestStackTurnIsTheTopDecision(t *testing.T) {
	var s engine.Stack[detail]
	prompt := func(d *engine.Decision[detail]) string { return "answer " + string(d.Kind) + " " + d.Data.Card }
	if tr := s.Turn("Over", prompt); len(tr.Seats) != 0 || tr.Phase != "Over" {
		t.Fatalf("empty stack: %+v", tr)
	}
	s.Queue(engine.Decision[detail]{Kind: kindTurn, Mode: engine.Sequential, Seats: []engine.Seat{0}, Phase: "Play"})
	s.Push(engine.Decision[detail]{Kind: kindWindow, Mode: engine.Reaction, Seats: []engine.Seat{1, 2}, Answered: []engine.Seat{1},
		Phase: "Objections", Window: 5 * time.Minute, Default: "pass", Data: detail{Card: "bribe"}})
	tr := s.Turn("Over", prompt)
	want := engine.Turn{Kind: engine.Reaction, Seats: []engine.Seat{2}, Phase: "Objections", Prompt: "answer window bribe", Window: 5 * time.Minute, OnTimeout: "pass"}
	if !reflect.DeepEqual(tr, want) {
		t.Fatalf("turn %+v, want %+v", tr, want)
	}
}

// TestDecisionDetailsVisibleToTheirSeatOnly: tiles a seat drew while
// deciding are declared vis:"owner" inside the decision's Data and reach
// that seat's view only; a decision owed by several seats shows them to
// nobody.
func TestDecisionDetailsVisibleToTheirSeatOnly(t *testing.T) {
	type st struct {
		Pending engine.Stack[detail] `json:"pending"`
	}
	s := &st{}
	s.Pending.Push(engine.Decision[detail]{Kind: kindChoice, Seats: []engine.Seat{1}, Data: detail{Card: "locker", Drawn: []string{"gold key"}}})
	s.Pending.Queue(engine.Decision[detail]{Kind: kindWindow, Seats: []engine.Seat{0, 1}, Data: detail{Drawn: []string{"ruby"}}})
	own := engine.Redact(s, 1)
	if got := own.Pending.Items[0].Data.Drawn; len(got) != 1 || got[0] != "gold key" {
		t.Fatalf("seat 1 does not see its own drawn tiles: %v", got)
	}
	for _, v := range []engine.Viewer{engine.Public, 0} {
		r := engine.Redact(s, v)
		if r.Pending.Items[0].Data.Drawn != nil || r.Pending.Items[0].Data.Card != "locker" {
			t.Fatalf("viewer %d: drawn tiles leak or public detail lost: %+v", v, r.Pending.Items[0].Data)
		}
	}
	if got := engine.Redact(s, 1).Pending.Items[1].Data.Drawn; got != nil {
		t.Fatalf("a multi-seat decision's owner-only detail reached seat 1: %v", got)
	}
	data, _ := json.Marshal(s)
	back := &st{}
	if err := json.Unmarshal(data, back); err != nil || !reflect.DeepEqual(back, s) {
		t.Fatalf("stack does not survive a snapshot: %v\n%+v\n%+v", err, back, s)
	}
}

// TestStakeoutNestedDecisionResumes plays the nested case through the
// engine: a take opens a reaction window; one seat accuses, which opens a
// choice for the taker on top of the window; once answered, the window
// is on top again and waits only for the seat that has not answered; when
// that seat's window runs out (the platform plays the default), the take
// resumes and play passes to the next taker. A snapshot taken with both
// decisions open restores both.
func TestStakeoutNestedDecisionResumes(t *testing.T) {
	g := enginetest.Game()
	s, err := g.New(engine.Setup{Players: 3, Seed: 5, Options: map[string]string{"rounds": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	play := func(seat engine.Seat, m string) engine.Result {
		t.Helper()
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("seat %d %q: %v", seat, m, err)
		}
		return res
	}
	play(0, "bid 2")
	play(1, "bid 1")
	play(2, "bid 0")
	// Seat 0 draws so it may accuse later; seat 1 takes.
	play(0, "draw")
	if err := s.Check(2, "accuse"); err == nil {
		t.Fatal("accuse is legal outside an objection window")
	}
	play(1, "take")
	tr := s.Turn()
	if tr.Kind != engine.Reaction || !reflect.DeepEqual(tr.Seats, []engine.Seat{0, 2}) || tr.OnTimeout != "pass" || tr.Window != 10*time.Minute {
		t.Fatalf("after the take: %+v", tr)
	}
	if msg, _ := engine.IsRejection(s.Check(2, "accuse")); !strings.Contains(msg, "Only a player holding a card may accuse") || !strings.Contains(msg, "object, pass") {
		t.Fatalf("seat 2 holds no card; the refusal should name the failed condition and what is legal: %q", msg)
	}
	play(0, "accuse")
	tr = s.Turn()
	if tr.Kind != engine.Sequential || !reflect.DeepEqual(tr.Seats, []engine.Seat{1}) || !strings.Contains(tr.Prompt, "accusation") {
		t.Fatalf("the accusation should put the taker's answer on top: %+v", tr)
	}
	if err := s.Check(2, "pass"); err == nil {
		t.Fatal("the window's other seat may act while the nested choice is open")
	}
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if s, err = g.Load(data); err != nil {
		t.Fatal(err)
	}
	st := s.(*enginetest.State)
	if st.Pending.Len() != 3 || st.Pending.Items[0].Kind != enginetest.Answering || st.Pending.Items[1].Kind != enginetest.Objecting || st.Pending.Items[2].Kind != enginetest.Taking {
		t.Fatalf("the restored stack lost a decision: %+v", st.Pending.Items)
	}
	coins0, coins1 := st.Players[0].Coins, st.Players[1].Coins
	play(1, "pay")
	if st.Players[0].Coins != coins0+1 || st.Players[1].Coins != coins1-1 {
		t.Fatalf("pay: coins %d,%d -> %d,%d", coins0, coins1, st.Players[0].Coins, st.Players[1].Coins)
	}
	tr = s.Turn()
	if tr.Kind != engine.Reaction || !reflect.DeepEqual(tr.Seats, []engine.Seat{2}) {
		t.Fatalf("the window should resume waiting only for seat 2: %+v", tr)
	}
	// The window runs out: the platform plays the default for seat 2.
	play(2, tr.OnTimeout)
	tr = s.Turn()
	if tr.Kind != engine.Sequential || !reflect.DeepEqual(tr.Seats, []engine.Seat{2}) || tr.Phase != "Take" {
		t.Fatalf("after the window the take should resume with the next taker: %+v", tr)
	}
	if st.Pending.Len() != 1 {
		t.Fatalf("settled decisions left on the stack: %+v", st.Pending.Items)
	}
}

func TestStackRemoveTakesTheFirstMatchAnywhere(t *testing.T) {
	var s engine.Stack[detail]
	s.Queue(engine.Decision[detail]{Kind: kindChoice})
	s.Queue(engine.Decision[detail]{Kind: kindTurn, Phase: "first"})
	s.Queue(engine.Decision[detail]{Kind: kindTurn, Phase: "second"})
	isTurn := func(d *engine.Decision[detail]) bool { return d.Kind == kindTurn }
	if !s.Remove(isTurn) || s.Len() != 2 || s.Items[1].Phase != "second" {
		t.Fatalf("after removing the first turn: %+v", s.Items)
	}
	s.Remove(isTurn)
	if s.Remove(isTurn) || s.Len() != 1 {
		t.Fatalf("removing what is not there: %+v", s.Items)
	}
	s.Remove(func(*engine.Decision[detail]) bool { return true })
	if s.Items != nil {
		t.Fatalf("an emptied stack should be nil for stable snapshots: %#v", s.Items)
	}
}
