package commands

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// table is one channel's game loaded for the length of a command.
type table struct {
	rec   *storage.Game
	def   *engine.Game
	state engine.State // nil while in the lobby
	// moved are the seats whose moves this command is saving; their turn
	// clocks restart.
	moved []engine.Seat
	// secrets are the seats' secret fingerprints before the command's
	// moves, to tell whose private view they changed.
	secrets map[engine.Seat]uint64
	// kept are the fingerprints of state as loaded, when the state cache
	// had them (computed after the move that made it); nil otherwise.
	kept map[engine.Seat]uint64
	// shows is what the change being saved shows besides its reply text;
	// nil for nothing. update adds it after the commit.
	shows *shows
	// secretMove is the canonical text of the player's own move when the
	// game marked it a secret choice: the reply goes to the player alone
	// and the table gets the public lines as a separate bot message, so no
	// client can show the typed text to others.
	secretMove string
	// standing is set when the move is a standing choice: it changes
	// nothing the table sees, so nothing is posted.
	standing bool
	// before is the turn the game was at when loaded, which tells a
	// reaction window that stays open from one that opens.
	before engine.Turn
	// pings decides which waiting seats are pinged and records them; nil
	// pings every waiting seat.
	pings *pings
	// actor is the user whose command this is: named among those who act
	// next, never pinged, since they are here already.
	actor string
	// closed says how the game ended outside its rules (aborted, ended by
	// vote, resigned), for its summary.
	closed string
	// storedDeadlines are the game's deadlines as deadlinesFor read them
	// (readDeadlines says it did), so that update need not rewrite the
	// same rows.
	storedDeadlines []storage.Deadline
	readDeadlines   bool
	// latest are the log's last moves (summaryMoves of them) at the
	// game's version, when latestRead says they are known: as loaded
	// with a kept state, then as the committed change left them, for
	// the summary.
	latest     []storage.Move
	latestRead bool
	// loaded is the stored snapshot state was restored from, and saved
	// the snapshot a move marshaled state into: which stored bytes the
	// state in memory is, for the state cache.
	loaded, saved []byte
	// seats and options are copies of the game's seats and options as
	// loaded, which the command may change in t.rec: what the row holds
	// at the loaded version, kept with the state (see stateCache).
	seats   []storage.Seat
	options map[string]string
}

// pings paces the pings of reaction windows: a seat is pinged at most
// once per window and never more often than every, so a game that opens
// a window after most actions does not buzz its players all day. A seat
// not pinged is still named.
type pings struct {
	now   time.Time
	every time.Duration
	// last is when each seat was last pinged for a window, from storage,
	// read by load when first asked (see lastPinged).
	last map[int]time.Time
	load func() (map[int]time.Time, error)
	// pinged are the seats this command pings for a window, to record with
	// its change.
	pinged []int
}

// mayPing reports whether waiting may ping seat, asked in turn.
func (t *table) mayPing(turn engine.Turn, seat engine.Seat) bool {
	if t.pings == nil || turn.Kind != engine.Reaction {
		return true
	}
	if sameDecision(t.before, turn) && t.before.Has(seat) {
		return false // told when this window opened
	}
	last, ok := t.pings.lastPinged()[int(seat)]
	return !ok || t.pings.now.Sub(last) >= t.pings.every
}

// lastPinged is when each seat was last pinged for a window, read from
// storage on first use: only a reaction window asks, and most commands
// open none.
func (p *pings) lastPinged() map[int]time.Time {
	if p.load != nil {
		last, err := p.load()
		if err != nil {
			// Without the record, pinging again is the safe side: a
			// waiting seat is never left unnamed.
			last = nil
		}
		p.last, p.load = last, nil
	}
	return p.last
}

// setup is the engine setup the game was (or will be) dealt from.
func (t *table) setup(players int) engine.Setup {
	opts := map[string]string{}
	for _, o := range t.def.Options {
		if v, ok := t.rec.Options[o.Key]; ok {
			opts[o.Key] = v
		}
	}
	owners := make([]string, players)
	for _, r := range t.rec.Seats {
		if r.Seat < players {
			owners[r.Seat] = r.UserID
		}
	}
	return engine.Setup{Players: players, Seed: t.rec.Seed, Options: opts, Campaign: t.rec.StartCampaign, Owners: owners}
}

// userSeats lists the seats userID holds.
func (t *table) userSeats(userID string) []engine.Seat {
	var out []engine.Seat
	for _, s := range t.rec.SeatsOf(userID) {
		out = append(out, engine.Seat(s))
	}
	return out
}

// seatRec is the stored seat, or nil.
func (t *table) seatRec(seat engine.Seat) *storage.Seat {
	for i := range t.rec.Seats {
		if t.rec.Seats[i].Seat == int(seat) {
			return &t.rec.Seats[i]
		}
	}
	return nil
}

// actingSeats are the seats of userID that may act now, stand-ins excluded.
func (t *table) actingSeats(userID string) []engine.Seat {
	turn := t.state.Turn()
	var out []engine.Seat
	for _, seat := range t.userSeats(userID) {
		if turn.Has(seat) {
			out = append(out, seat)
		}
	}
	return out
}

// name is how a seat is written in public lines: the player's name in bold
// (no ping), with the seat's label when one person holds several seats.
func (t *table) name(seat engine.Seat) string {
	r := t.seatRec(seat)
	if r == nil {
		return fmt.Sprintf("seat %d", int(seat)+1)
	}
	n := "**" + sanitize(r.Name) + "**"
	if len(t.rec.SeatsOf(r.UserID)) > 1 {
		n += fmt.Sprintf(" (seat %d)", int(seat)+1)
	}
	if r.StandIn && !r.Bot() {
		n += " (stand-in)"
	}
	return n
}

// plainName is a seat's name without formatting, for code blocks.
func (t *table) plainName(seat engine.Seat) string {
	return strings.ReplaceAll(t.name(seat), "**", "")
}

// plainNames is plainName remembered seat by seat, for writing many
// texts at once while the seats stay as they are (a move's DMs): a name is
// sanitized, looked up and formatted once instead of at each of the
// dozens of references in every seat's view.
func (t *table) plainNames() func(engine.Seat) string {
	var known []string
	return func(seat engine.Seat) string {
		if seat < 0 || int(seat) >= 64 {
			return t.plainName(seat)
		}
		if int(seat) >= len(known) {
			known = append(known, make([]string, int(seat)+1-len(known))...)
		}
		if known[seat] == "" {
			known[seat] = t.plainName(seat)
		}
		return known[seat]
	}
}

// mention pings the seat's player.
func (t *table) mention(seat engine.Seat) string {
	if r := t.seatRec(seat); r != nil && !r.Bot() {
		return "<@" + r.UserID + ">"
	}
	return t.name(seat)
}

// nameOfUser is the bold name of a seated user.
func (t *table) nameOfUser(userID string) string {
	for _, r := range t.rec.Seats {
		if r.UserID == userID {
			return "**" + sanitize(r.Name) + "**"
		}
	}
	return "<@" + userID + ">"
}

// expand writes a game line's seat references as names.
func (t *table) expand(line string) string { return engine.ExpandSeatRefs(line, t.name) }

// waiting describes who must act now, with mentions for humans (named
// without a ping where the reaction-window pacing says so), and the user
// ids to ping.
func (t *table) waiting() (string, []string) {
	turn := t.state.Turn()
	if len(turn.Seats) == 0 {
		return "", nil
	}
	seen := map[string]bool{}
	var who, ids []string
	for _, seat := range turn.Seats {
		r := t.seatRec(seat)
		if r == nil || r.StandIn {
			continue
		}
		if seen[r.UserID] {
			continue
		}
		seen[r.UserID] = true
		if !t.mayPing(turn, seat) || r.UserID == t.actor {
			who = append(who, t.name(seat))
			continue
		}
		who = append(who, t.mention(seat))
		ids = append(ids, r.UserID)
		if t.pings != nil && turn.Kind == engine.Reaction && !slices.Contains(t.pings.pinged, int(seat)) {
			t.pings.pinged = append(t.pings.pinged, int(seat))
		}
	}
	if len(who) == 0 {
		return "", nil
	}
	verb := "your turn"
	switch turn.Kind {
	case engine.Simultaneous:
		verb = "all of you may act now, in any order"
	case engine.Reaction:
		verb = "you may respond"
	}
	line := fmt.Sprintf("%s — %s", strings.Join(who, ", "), verb)
	if turn.Phase != "" {
		line = "**" + turn.Phase + "**: " + line
	}
	if turn.Prompt != "" {
		line += ": " + t.expand(turn.Prompt)
	}
	return line + ". Use `/move`.", ids
}

// waits reports whether waiting names anyone: whether a seat the turn
// lists is held by a person, not a stand-in. It writes no names, so the
// picker's button is offered without the announcement written twice.
func (t *table) waits() bool {
	for _, seat := range t.state.Turn().Seats {
		if r := t.seatRec(seat); r != nil && !r.StandIn {
			return true
		}
	}
	return false
}

// waitingPlain names who the game waits for, without pinging.
func (t *table) waitingPlain() string {
	turn := t.state.Turn()
	var who []string
	for _, seat := range turn.Seats {
		who = append(who, t.name(seat))
	}
	if len(who) == 0 {
		return ""
	}
	msg := "Waiting for " + strings.Join(who, ", ")
	if turn.Prompt != "" {
		msg += " to " + t.expand(turn.Prompt)
	}
	return msg + "."
}
