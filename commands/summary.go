package commands

import (
	"context"
	"fmt"
	"strings"

	"casefile/storage"
)

// summaryKey names a game's summary message, which the bot edits after
// every move instead of adding to the channel's flood. Each game has its
// own: the next game in the channel posts a fresh summary at the bottom
// rather than editing the last game's, far up the channel.
func summaryKey(gameID int64) string { return fmt.Sprintf("summary/%d", gameID) }

// Recall finds the message a keyed post became.
func (s *Service) Recall(ctx context.Context, channelID, key string) (string, bool) {
	id, ok, err := s.DB.KeyedMessage(ctx, channelID, key)
	if err != nil {
		s.Log.Error("recall keyed message", "channel", channelID, "error", err)
		return "", false
	}
	return id, ok
}

// Remember records the message a keyed post became.
func (s *Service) Remember(ctx context.Context, channelID, key, messageID string) {
	if err := s.DB.SetKeyedMessage(ctx, channelID, key, messageID); err != nil {
		s.Log.Error("remember keyed message", "channel", channelID, "error", err)
	}
}

// summaryMoves is how many of the latest moves the summary lists.
const summaryMoves = 4

// summaryPost is the channel's game summary: the game, its phase, whom it
// waits for with their time left, and the last few moves. It holds public
// information only. It is built after a commit: the log already holds the
// command's moves, and deadlines are those it saved.
func (s *Service) summaryPost(ctx context.Context, t *table, deadlines []storage.Deadline) Post {
	var b strings.Builder
	fmt.Fprintf(&b, "📋 **%s** — game summary (kept up to date)\n", t.def.Name)
	if t.closed != "" {
		fmt.Fprintf(&b, "🏁 %s\n", t.closed)
	} else if out := t.state.Outcome(); out != nil {
		fmt.Fprintf(&b, "🏁 Game over — %s\n", t.expand(out.Summary))
	} else {
		turn := t.state.Turn()
		if turn.Phase != "" {
			fmt.Fprintf(&b, "Phase: %s\n", turn.Phase)
		}
		if w := t.waitingPlain(); w != "" {
			b.WriteString(w + "\n")
		}
		if clocks := s.clockLines(ctx, t, deadlines); clocks != "" {
			b.WriteString(clocks + "\n")
		}
	}
	moves, err := t.latest, error(nil)
	if !t.latestRead {
		moves, err = s.DB.RecentMoves(ctx, t.rec.ID, summaryMoves)
	}
	if err == nil {
		if len(moves) > 0 {
			b.WriteString("Latest moves:\n")
		}
		for _, m := range moves {
			b.WriteString("• " + t.moveLine(m, false, 160) + "\n")
		}
	}
	return Post{Key: summaryKey(t.rec.ID), ChannelID: t.rec.ChannelID, Content: clip(b.String(), 1900)}
}

// close records that the game ends outside its rules, so that the commit
// brings its summary up to date: a summary left saying whom the game waits
// for, with time left, would mislead the channel.
func (t *table) close(why string) {
	if t.state == nil {
		return // a lobby has no summary
	}
	t.closed = why
	t.shows = &shows{}
}
