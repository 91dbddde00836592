package commands_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"casefile/commands"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
	"casefile/storage"
)

// TestAutocompleteKeptListsFollowTheGame: the autocomplete keeps each
// person's move list between keystrokes (issue 16, autocomplete p99), and
// a kept list is never answered once the stored game differs from the
// one it was built from: a move made by another process on the same file,
// and a row put back to the same version with another snapshot (as a
// restore might), are both seen at the next keystroke.
func TestAutocompleteKeptListsFollowTheGame(t *testing.T) {
	h := newHarness(t)
	h.twoPlayerGame("")
	// Another process on the same database file: it shares no memory
	// with h.svc.
	db2, err := storage.Open(h.path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	other := commands.New(db2, engine.NewCatalog(enginetest.Game()), map[string]render.Renderer{"stakeout": stakeoutRenderer()},
		commands.Settings{DefaultClock: 24 * time.Hour}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	fresh := func(user, typed string) []commands.Choice {
		r := h.req(user, "move", map[string]string{"action": typed})
		r.Kind, r.Focused = commands.Autocomplete, "action"
		return other.Handle(context.Background(), r).Choices
	}
	before := h.autocomplete("ann", "move", "action", "")
	if len(before) == 0 {
		t.Fatal("ann has no moves to list at the start")
	}
	for _, typed := range []string{"", "b", "bid 1", ""} {
		if got, want := h.autocomplete("ann", "move", "action", typed), fresh("ann", typed); !reflect.DeepEqual(got, want) {
			t.Fatalf("typed %q: kept list answered %+v, a fresh load %+v", typed, got, want)
		}
	}
	v0, snap0 := h.game().Version, h.game().Snapshot

	r := h.req("ann", "move", map[string]string{"action": "bid 2"})
	if resp := other.Handle(context.Background(), r); resp.Refused {
		t.Fatal(resp.Content)
	}
	after := h.autocomplete("ann", "move", "action", "")
	if reflect.DeepEqual(after, before) {
		t.Fatalf("after ann's bid made by another process, the autocomplete still lists %+v", after)
	}
	if want := fresh("ann", ""); !reflect.DeepEqual(after, want) {
		t.Fatalf("after the other process's move: %+v, a fresh load %+v", after, want)
	}

	// The row keeps its version but gets the first snapshot back, as a
	// restore might do: the version alone would call the kept list good.
	raw, err := sql.Open("sqlite3", storage.DSN(h.path))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE games SET snapshot = ? WHERE channel_id = 'c1' AND status = 'active'`, snap0); err != nil {
		t.Fatal(err)
	}
	if h.game().Version == v0 {
		t.Fatal("the bid did not change the version")
	}
	if got := h.autocomplete("ann", "move", "action", ""); !reflect.DeepEqual(got, before) {
		t.Fatalf("with the first snapshot put back at the same version: %+v, want the first answer %+v", got, before)
	}
}
