package commands

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/engine/enginetest"
	"casefile/engine/policeprecinct"
	"casefile/render"
	"casefile/storage"
)

// TestDMShowsAViewOnlyToSeatsWhoseViewChanged: a move's DM carries a
// seat's private view only when the seat's secrets changed; a seat sent
// notes alone gets its notes without the view and is owed no picture of
// it, while a seat whose secrets changed gets the view and its picture,
// with notes or without. When the fingerprints before the change are not
// known, a seat with notes still gets its view, as before.
func TestDMShowsAViewOnlyToSeatsWhoseViewChanged(t *testing.T) {
	def := enginetest.Game()
	st, err := def.New(engine.Setup{Players: 3, Seed: 5, Options: map[string]string{}})
	if err != nil {
		t.Fatal(err)
	}
	before := engine.SecretFingerprints(st)
	changed := make(map[engine.Seat]uint64, len(before))
	for seat, fp := range before {
		changed[seat] = fp
	}
	// The "secrets before" of seat 1 differ from its secrets now: the
	// change altered seat 1's view, not seat 0's nor seat 2's.
	changed[1]++
	// owedPrivate owes pictures for games whose renderer draws a seat's
	// own board; nothing is drawn here.
	svc := &Service{Renderers: map[string]render.Renderer{"stakeout": {Private: func(engine.View) (image.Image, error) {
		return image.NewRGBA(image.Rect(0, 0, 1, 1)), nil
	}}}}
	newTable := func(secrets map[engine.Seat]uint64, notes map[engine.Seat][]string) *table {
		return &table{
			rec: &storage.Game{ID: 1, ChannelID: "c1", Seats: []storage.Seat{
				{Seat: 0, UserID: "ann", Name: "Ann"}, {Seat: 1, UserID: "bo", Name: "Bo"}, {Seat: 2, UserID: "cy", Name: "Cy"},
			}},
			def:     def,
			state:   st,
			secrets: secrets,
			shows:   &shows{notes: notes},
		}
	}
	notes := map[engine.Seat][]string{0: {"You heard a rumour."}, 1: {"You drew a card."}}
	tb := newTable(changed, notes)
	dms, err := svc.privateDMs(tb, notes, tb.refreshed())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, dm := range dms {
		got[dm.UserID] = dm.Content
	}
	if len(dms) != 2 || got["ann"] == "" || got["bo"] == "" {
		t.Fatalf("DMs to %v, want ann (notes) and bo (notes, view changed) only", got)
	}
	if !strings.Contains(got["ann"], "You heard a rumour.") || strings.Contains(got["ann"], "```") {
		t.Fatalf("ann's view did not change; her DM should carry her note alone:\n%s", got["ann"])
	}
	view := clippedView(st.View(1), tb.plainNames(), 1400)
	if !strings.Contains(got["bo"], "You drew a card.") || !strings.Contains(got["bo"], "```\n"+view+"\n```") {
		t.Fatalf("bo's view changed; his DM should carry his note and his view:\n%s", got["bo"])
	}
	if owed := svc.owedPrivate(tb); len(owed) != 1 || owed[0].Seat != 1 || owed[0].UserID != "bo" ||
		owed[0].Caption != "**"+def.Name+"** in <#c1>: your private view." {
		t.Fatalf("own pictures owed %+v, want bo's alone", owed)
	}
	// A person holding two seats is told which seat a picture is of.
	tb.rec.Seats[2].UserID = "bo"
	if owed := svc.owedPrivate(tb); len(owed) != 1 || owed[0].Caption != "**"+def.Name+"** in <#c1>: your private view (seat 2)." {
		t.Fatalf("own pictures owed %+v, want bo's for seat 2", owed)
	}

	// Without the fingerprints before the change, a seat sent notes may
	// have a changed view: it is shown, and its picture owed.
	tb = newTable(nil, notes)
	dms, _ = svc.privateDMs(tb, notes, tb.refreshed())
	if len(dms) != 2 {
		t.Fatalf("%d DMs without fingerprints, want ann's and bo's", len(dms))
	}
	for _, dm := range dms {
		if !strings.Contains(dm.Content, "```") {
			t.Fatalf("DM to %s without its view when the fingerprints are unknown:\n%s", dm.UserID, dm.Content)
		}
	}
	if owed := svc.owedPrivate(tb); len(owed) != 2 {
		t.Fatalf("own pictures owed %+v without fingerprints, want ann's and bo's", owed)
	}
}

// longNamedTable is a table of game def at state st with n seats whose
// players' names are long and not ASCII, so that a DM's expanded names
// move where its view is cut; it gives the table's names too.
func longNamedTable(def *engine.Game, st engine.State, n int) (*table, func(engine.Seat) string) {
	tb := &table{rec: &storage.Game{ID: 1, ChannelID: "c1"}, def: def, state: st}
	for i := 0; i < n; i++ {
		tb.rec.Seats = append(tb.rec.Seats, storage.Seat{Seat: i, UserID: fmt.Sprint("u", i), Name: strings.Repeat("Zoë", 4) + fmt.Sprint(i)})
	}
	return tb, tb.plainNames()
}

// TestDMViewWrittenFromTheStateIsTheViewsClip: for a game that writes a
// view's text straight from its state (Police Precinct), a DM's view is
// byte for byte what the redacted view's text, names expanded and cut to
// 1,400 bytes, gives, for every seat of a six-cop Dirty Cop game.
func TestDMViewWrittenFromTheStateIsTheViewsClip(t *testing.T) {
	def := policeprecinct.Game()
	st, err := def.New(engine.Setup{Players: 6, Seed: 3, Options: map[string]string{"variant": "dirty-cop", "traitors": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(engine.ViewTexter); !ok {
		t.Fatal("Police Precinct's state writes no view text of its own; the test proves nothing")
	}
	tb, name := longNamedTable(def, st, 6)
	for seat := engine.Seat(0); seat < 6; seat++ {
		if got, want := tb.dmView(seat, name), clippedView(st.View(seat), name, 1400); got != want {
			t.Fatalf("seat %d: DM view\n%s\nwant\n%s", seat, got, want)
		}
	}
}

// TestDMViewWrittenFromTheStatesPrefixIsTheViewsClip: for a game that
// writes the beginning of a view's text straight from its state
// (Android), a DM's view is byte for byte the redacted view's whole
// text, names expanded and cut to 1,400 bytes, for every seat of a
// five-player game at every step of a random game.
func TestDMViewWrittenFromTheStatesPrefixIsTheViewsClip(t *testing.T) {
	def := android.Game()
	st, err := def.New(engine.Setup{Players: 5, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(engine.ViewTextPrefixer); !ok {
		t.Fatal("Android's state writes no view text of its own; the test proves nothing")
	}
	tb, name := longNamedTable(def, st, 5)
	r := engine.NewRand(4)
	for step := 0; step < 120; step++ {
		for seat := engine.Seat(0); seat < 5; seat++ {
			if got, want := tb.dmView(seat, name), clip(engine.ExpandSeatRefs(st.View(seat).Text(), name), 1400); got != want {
				t.Fatalf("step %d, seat %d: DM view\n%s\nwant\n%s", step, seat, got, want)
			}
		}
		seat, mv, ok := engine.RandomMove(st, r)
		if !ok {
			break
		}
		if _, _, err := engine.Play(st, seat, mv); err != nil {
			t.Fatal(err)
		}
	}
}
