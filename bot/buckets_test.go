package bot

import (
	"fmt"
	"reflect"
	"testing"
)

// TestInteractionsLeaveNoRateLimitBuckets: answering interactions (replies,
// autocomplete choices, a long reply's follow-ups) keeps nothing per
// interaction in the session's rate limiter, whose buckets discordgo never
// forgets: before, each interaction left a bucket named by its token, a
// heap that grew without end on a busy bot (issue 16).
func TestInteractionsLeaveNoRateLimitBuckets(t *testing.T) {
	t.Parallel()
	e := start(t, nil)
	// One of each first, so that the buckets of the routes every answer
	// shares (none, today) are there before counting.
	e.command(t, e.alice, "echo", map[string]string{"text": "warm"})
	before := e.buckets()
	const n = 12
	for k := 0; k < n; k++ {
		e.command(t, e.alice, "echo", map[string]string{"text": fmt.Sprint("hello ", k)})
		if r := e.command(t, e.alice, "long", nil); len(r.Messages()) < 2 {
			t.Fatalf("the long reply came in %d messages, want a reply and follow-ups", len(r.Messages()))
		}
		if _, err := e.srv.Autocomplete(e.alice, e.channel, "move", map[string]string{"action": "move 1"}, "action"); err != nil {
			t.Fatal(err)
		}
	}
	if after := e.buckets(); after-before >= n {
		t.Errorf("%d interactions left %d rate-limit buckets in the session (%d before, %d after)", 3*n, after-before, before, after)
	}
}

// buckets counts the rate-limit buckets the bot's session keeps (a field
// discordgo does not export, read by reflection under its lock).
func (e *env) buckets() int {
	rl := e.bot.session.Ratelimiter
	rl.Lock()
	defer rl.Unlock()
	return reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
}
