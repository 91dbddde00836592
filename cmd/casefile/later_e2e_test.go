package main

import (
	"bytes"
	"image"
	"strings"
	"sync"
	"testing"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/engine/enginetest"
	"casefile/render"
)

// gatedRenderer is the fixture's renderer, whose pictures wait while its
// gate is shut: a picture that takes as long as the test wants.
type gatedRenderer struct {
	mu   sync.Mutex
	shut chan struct{} // nil while open
}

func (g *gatedRenderer) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.shut = make(chan struct{})
}

func (g *gatedRenderer) open() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut != nil {
		close(g.shut)
		g.shut = nil
	}
}

func (g *gatedRenderer) renderer() render.Renderer {
	inner := fixtureRenderer()
	wait := func(draw func(engine.View) (image.Image, error)) func(engine.View) (image.Image, error) {
		return func(v engine.View) (image.Image, error) {
			g.mu.Lock()
			shut := g.shut
			g.mu.Unlock()
			if shut != nil {
				<-shut
			}
			return draw(v)
		}
	}
	return render.Renderer{Board: wait(inner.Board), Private: wait(inner.Private)}
}

// TestE2ERepliesComeBeforeTheirPictures: through the emulator, /hand and
// /status answer with their text while their pictures cannot be drawn
// (the renderer is held); once it is released, each picture follows as a
// follow-up of the same interaction: /hand's ephemeral, seen by the
// player who asked alone and never posted in the channel, /status's
// public (issue 16: no reply waits for a picture).
func TestE2ERepliesComeBeforeTheirPictures(t *testing.T) {
	gate := &gatedRenderer{}
	e := newE2EWith(t, []Entry{{Game: enginetest.Game, Render: gate.renderer}})
	e.ok("ann", "newgame", map[string]string{"game": "stakeout", "options": "seed=5"})
	e.ok("bo", "join", nil)
	e.ok("ann", "start", nil)
	e.move("ann", "bid 2")
	e.settle()
	publicFiles := func() int {
		n := 0
		for _, m := range e.emu.PublicMessages(e.ch.ID) {
			n += len(m.Files)
		}
		return n
	}
	before := publicFiles()

	// ask sends the command with the renderer held, and returns the
	// reply as it stands once the bot has answered: the text, no picture.
	ask := func(user, name string) *discordtest.Reply {
		t.Helper()
		gate.close()
		defer gate.open()
		id, err := e.emu.StartCommand(e.users[user], e.ch, name, nil)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute)
		for {
			r, ok := e.emu.Reply(id)
			if ok && r.Original != nil && !r.Original.Deferred {
				if len(r.Files()) != 0 {
					t.Fatalf("/%s: the reply carries %d files while no picture can be drawn", name, len(r.Files()))
				}
				if r.Callback != 4 {
					t.Fatalf("/%s: callback %d, want 4 (answered at once, not deferred)", name, r.Callback)
				}
				return r
			}
			if time.Now().After(deadline) {
				t.Fatalf("/%s: no reply within a minute while its picture was held", name)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}

	hand := ask("bo", "hand")
	if !hand.Ephemeral() || !strings.Contains(hand.Content(), "```") {
		t.Fatalf("/hand's text: ephemeral %v, %q", hand.Ephemeral(), hand.Content())
	}
	full, err := e.emu.WaitReply(hand.InteractionID)
	if err != nil {
		t.Fatal(err)
	}
	var pics []discordtest.Message
	for _, m := range full.FollowUps {
		if len(m.Files) > 0 {
			pics = append(pics, m)
		}
	}
	if len(pics) != 1 || !pics[0].Ephemeral() || !bytes.HasPrefix(pics[0].Files[0].Data, []byte("\x89PNG")) || !strings.Contains(pics[0].Files[0].Name, "seat2") {
		t.Fatalf("/hand's picture: want one ephemeral follow-up with bo's own (seat 2) PNG, got %+v", pics)
	}
	if n := publicFiles(); n != before {
		t.Fatalf("/hand's picture reached the channel: %d public files, %d before", n, before)
	}
	for _, u := range []string{"ann", "bo"} {
		for _, dm := range e.emu.DMs(e.users[u].ID) {
			if dm.InteractionID == hand.InteractionID {
				t.Fatalf("/hand's picture went to %s by DM", u)
			}
		}
	}

	st := ask("cy", "status")
	if st.Ephemeral() {
		t.Fatalf("/status answered in private: %q", st.Content())
	}
	full, err = e.emu.WaitReply(st.InteractionID)
	if err != nil {
		t.Fatal(err)
	}
	pics = nil
	for _, m := range full.FollowUps {
		if len(m.Files) > 0 {
			pics = append(pics, m)
		}
	}
	if len(pics) != 1 || pics[0].Ephemeral() || !strings.Contains(pics[0].Files[0].Name, "board") {
		t.Fatalf("/status's board: want one public follow-up, got %+v", pics)
	}
}
