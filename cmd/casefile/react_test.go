package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"casefile/bot/discordtest"
)

// TestE2EReactWindowPingsOnceAndClosesOnTime: with react=5m, ann's take
// opens a window that pings bo and cy through Discord's allowed mentions;
// bo's answer names cy again without a ping; the window closes after 5
// minutes, not Stakeout's own 10.
func TestE2EReactWindowPingsOnceAndClosesOnTime(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)}
	e := newBidStakeout(t, clock, "react=5m")
	pinged := func(r *discordtest.Reply) []string {
		var ids []string
		for _, m := range r.Messages() {
			if m.AllowedMentions != nil {
				ids = append(ids, m.AllowedMentions.Users...)
			}
		}
		slices.Sort(ids)
		return ids
	}
	bo, cy := e.users["bo"].ID, e.users["cy"].ID
	want := []string{bo, cy}
	slices.Sort(want)
	if got := pinged(e.move("ann", "take")); !slices.Equal(got, want) {
		t.Fatalf("the window should ping bo and cy: %v", got)
	}
	r := e.move("bo", "pass")
	if got := pinged(r); len(got) != 0 || strings.Contains(r.Content(), "<@"+cy+">") || !strings.Contains(r.Content(), "**cy**") {
		t.Fatalf("cy should be named, not pinged, while the window stays open: %v %q", got, r.Content())
	}
	clock.Add(6 * time.Minute)
	if _, err := e.emu.WaitMessage(func(m discordtest.Message) bool {
		return m.ChannelID == e.ch.ID && strings.Contains(m.Content, "ran out")
	}); err != nil {
		t.Fatalf("the react=5m window did not close after 5 minutes: %v", err)
	}
}
