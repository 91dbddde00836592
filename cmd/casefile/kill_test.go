package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/storage"
)

// childEnv carries the child bot's configuration as JSON.
const childEnv = "CASEFILE_TEST_CHILD_CONFIG"

// TestChildBot is not a test on its own: the kill test runs the test
// binary again with childEnv set, and this becomes a bot process (with the
// test fixture game, which never ships in the real binary) to be killed.
func TestChildBot(t *testing.T) {
	raw := os.Getenv(childEnv)
	if raw == "" {
		t.Skip("runs only as the child of TestSIGKILLLosesNoAcknowledgedMove")
	}
	var cfg Config
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, os.Stderr)
	m.Games = fixtureGames()
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func startChild(t *testing.T, cfg Config) *exec.Cmd {
	t.Helper()
	raw, _ := json.Marshal(cfg)
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildBot$", "-test.v=false")
	cmd.Env = append(os.Environ(), childEnv+"="+string(raw))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd
}

func TestSIGKILLLosesNoAcknowledgedMove(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns bot processes")
	}
	emu := discordtest.New(t)
	guild := emu.AddGuild("g")
	chans := []discordtest.Channel{emu.AddChannel(guild.ID, "one"), emu.AddChannel(guild.ID, "two")}
	users := []discordtest.User{emu.AddUser("ann"), emu.AddUser("bo")}
	cfg := DefaultConfig()
	cfg.Discord.Token, cfg.Discord.APIURL, cfg.Discord.GuildIDs = emu.Token(), emu.URL(), []string{guild.ID}
	cfg.Storage.Path = filepath.Join(t.TempDir(), "casefile.db")
	cfg.Games.DefaultClock = "off"
	up := func() *exec.Cmd {
		before := emu.Stats().Identifies
		child := startChild(t, cfg)
		if err := emu.Wait("child bot connected", func() bool { return emu.Stats().Identifies > before && len(emu.Commands(guild.ID)) > 0 }); err != nil {
			t.Fatal(err)
		}
		return child
	}
	child := up()
	must := func(u discordtest.User, ch discordtest.Channel, name string, opts map[string]string) {
		r, err := emu.Command(u, ch, name, opts)
		if err != nil || r.Ephemeral() {
			t.Fatalf("/%s: %v %q", name, err, r.Content())
		}
	}
	for i, ch := range chans {
		must(users[0], ch, "newgame", map[string]string{"game": "stakeout", "options": fmt.Sprintf("seed=%d rounds=3", i)})
		must(users[1], ch, "join", nil)
		must(users[0], ch, "start", nil)
	}
	db, err := storage.Open(cfg.Storage.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	gameIDs := map[string]int64{}
	for _, ch := range chans {
		g, err := db.OpenGame(context.Background(), ch.ID)
		if err != nil {
			t.Fatal(err)
		}
		gameIDs[ch.ID] = g.ID
	}
	emu.SetTimeout(3 * time.Second)

	// Stream moves in both channels; kill the bot part-way through.
	var mu sync.Mutex
	acked := map[string][]engine.LoggedMove{}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for ci, ch := range chans {
		wg.Add(1)
		go func(ci int, ch discordtest.Channel) {
			defer wg.Done()
			r := engine.NewRand(uint64(ci))
			for {
				select {
				case <-stop:
					return
				default:
				}
				g, err := db.OpenGame(context.Background(), ch.ID)
				if err != nil {
					return
				}
				st, err := enginetest.Load(g.Snapshot)
				if err != nil {
					t.Error(err)
					return
				}
				seat, mv, ok := engine.RandomMove(st, r)
				if !ok {
					return
				}
				rep, err := emu.Command(users[seat], ch, "move", map[string]string{"action": mv})
				if err != nil {
					return // the bot died under this move: not acknowledged
				}
				// A sealed bid is a secret move, answered to its author
				// alone: acknowledged all the same.
				if accepted(rep) {
					mu.Lock()
					acked[ch.ID] = append(acked[ch.ID], engine.LoggedMove{Seat: seat, Text: mv})
					mu.Unlock()
				}
			}
		}(ci, ch)
	}
	if err := emu.Wait("some moves acknowledged", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(acked[chans[0].ID]) >= 4 && len(acked[chans[1].ID]) >= 4
	}); err != nil {
		t.Fatal(err)
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	close(stop)
	wg.Wait()

	up() // restart on the same database
	for _, ch := range chans {
		// A game may have ended during the stream; it must load all the same.
		g, err := db.GameByID(context.Background(), gameIDs[ch.ID])
		if err != nil {
			t.Fatalf("channel %s: game lost after SIGKILL: %v", ch.Name, err)
		}
		st, err := enginetest.Load(g.Snapshot)
		if err != nil {
			t.Fatalf("channel %s: snapshot does not load: %v", ch.Name, err)
		}
		moves, _ := db.Moves(context.Background(), g.ID)
		got := acked[ch.ID]
		if len(moves) < len(got) {
			t.Fatalf("channel %s: %d moves acknowledged but %d stored", ch.Name, len(got), len(moves))
		}
		var log []engine.LoggedMove
		for i, m := range moves {
			log = append(log, engine.LoggedMove{Seat: engine.Seat(m.Seat), Text: m.Text})
			if i < len(got) && (got[i].Text != m.Text || got[i].Seat != engine.Seat(m.Seat)) {
				t.Fatalf("channel %s: move %d acknowledged as %v but stored as %v", ch.Name, i+1, got[i], m)
			}
		}
		replayed, err := engine.Replay(enginetest.Game(), engine.Setup{Players: 2, Seed: g.Seed, Options: map[string]string{"rounds": "3"}}, log)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := replayed.Marshal()
		b, _ := st.Marshal()
		if !bytes.Equal(a, b) {
			t.Fatalf("channel %s: snapshot and log disagree after SIGKILL", ch.Name)
		}
		if st.Outcome() != nil {
			continue
		}
		// And the restarted bot plays on.
		seat, mv, _ := engine.RandomMove(st, engine.NewRand(7))
		emu.SetTimeout(10 * time.Second)
		rep, err := emu.Command(users[seat], ch, "move", map[string]string{"action": mv})
		if err != nil || !accepted(rep) {
			t.Fatalf("channel %s: after restart: %v %q", ch.Name, err, rep.Content())
		}
	}
}
