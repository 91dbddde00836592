package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// One public message per turn: the sub-steps of a seat's turn (go s2,
// go c3, stop …) are answered to their player alone and kept as held
// moves; when the turn passes to someone else, or a phase ends, the
// channel gets one message with everything the seat did, in order, and
// who acts next. The rules' public information is never lost, only
// gathered: a held move's lines are in that message, and /status shows
// them to anyone who asks before it.

// holds reports whether moves are a sub-step of one seat's turn that goes
// on: one seat, played by its own player, still acting in the same phase
// and kind of turn, with nobody new asked to act. A reaction window, a
// stand-in, a skip by someone else, a phase's end or the game's end is
// always announced at once.
func (t *table) holds(all engine.Result, moves []storage.Move) bool {
	if len(moves) == 0 || all.PhaseEnded() || t.state.Outcome() != nil || t.standing {
		return false
	}
	seat := moves[0].Seat
	for _, m := range moves {
		if m.Seat != seat {
			return false
		}
	}
	r := t.seatRec(engine.Seat(seat))
	if r == nil || r.StandIn || moves[0].ByUser != r.UserID {
		return false
	}
	before, after := t.before, t.state.Turn()
	if after.Kind == engine.Reaction || after.Kind != before.Kind || after.Phase != before.Phase || !after.Has(engine.Seat(seat)) {
		return false
	}
	if after.Kind == engine.Sequential && len(after.Seats) != 1 {
		return false
	}
	for _, s := range after.Seats {
		if !before.Has(s) {
			return false
		}
	}
	return true
}

// heldReply answers a held sub-step to its player alone: what the move
// did, and what the turn asks of them next. The public lines are kept
// with the move and posted with the rest of the turn.
func (t *table) heldReply(all engine.Result, moves []storage.Move) Response {
	var b strings.Builder
	if t.secretMove != "" {
		fmt.Fprintf(&b, "Done: `%s` (a secret choice; the table sees only what the game tells it).", t.secretMove)
	} else {
		fmt.Fprintf(&b, "Done: `%s`.", moves[0].Text)
	}
	for _, line := range collapseRepeats(all.Public) {
		b.WriteString("\n" + t.expand(line))
	}
	b.WriteString("\n\nYour turn goes on")
	if p := t.state.Turn().Prompt; p != "" {
		b.WriteString(": " + t.expand(p))
	}
	b.WriteString(". The table will see your whole turn in one message when it ends.")
	// The hint is for the seat's own player alone, so it may name moves
	// only their seat has.
	b.WriteString(t.legalHint(engine.Seat(moves[0].Seat)))
	return Response{Ephemeral: true, Content: clip(b.String(), 1990), Buttons: []ButtonSpec{yourMoveButton(t.rec.ID)}}
}

// release decides whose held moves the change's message shows: every
// seat's when a phase or the game ended (or the phase changed), else
// those of the seats that moved. It returns their lines, in order, for
// the top of the message.
func (s *Service) release(t *table, all engine.Result, moves []storage.Move, ch *storage.Change, held []storage.Move) []string {
	all2 := all.PhaseEnded() || t.state.Outcome() != nil || t.state.Turn().Phase != t.before.Phase
	seats := map[int]bool{}
	for _, m := range moves {
		seats[m.Seat] = true
	}
	if all2 {
		ch.ReleaseAll = true
	} else {
		for seat := range seats {
			ch.Release = append(ch.Release, seat)
		}
	}
	var lines []string
	for _, m := range held {
		if (all2 || seats[m.Seat]) && m.Public != "" {
			lines = append(lines, strings.Split(m.Public, "\n")...)
		}
	}
	return lines
}

// boardAfter decides whether the change posts the board: after a move
// that ended a phase or a round of turns, when the public view differs
// from the one the channel's last board showed, and always at Game over.
// It records the new view's digest in ch and returns the caption.
func (t *table) boardAfter(all engine.Result, ch *storage.Change) (bool, string) {
	over := t.state.Outcome() != nil
	if !all.PhaseEnded() && !over {
		return false, ""
	}
	d := publicDigest(t.state)
	if d == t.rec.BoardDigest && !over {
		return false, ""
	}
	ch.BoardDigest = d
	if len(all.Ended) == 0 {
		return true, ""
	}
	return true, "🗺️ The board after " + joinAnd(all.Ended) + "."
}

// publicDigest is a digest of what the public may see of st.
func publicDigest(st engine.State) string {
	v := st.View(engine.Public)
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte(v.Text())
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12])
}

// joinAnd joins names as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// turnBudget bounds the text of a turn's lines in its one message, so the
// message fits in one Discord message with who acts next.
const turnBudget = 1600

// turnLines expands a turn's lines for the channel. A turn too long for
// one message keeps its first and last lines and says how many are left
// out and where to read them.
func (t *table) turnLines(lines []string) []string {
	out := collapseRepeats(lines)
	size := 0
	for i, l := range out {
		out[i] = t.expand(l)
		size += len(out[i]) + 1
	}
	if size <= turnBudget {
		return out
	}
	head, tail, used := 0, len(out), 0
	for head < tail && used+len(out[head])+1 <= turnBudget/3 {
		used += len(out[head]) + 1
		head++
	}
	for tail > head && used+len(out[tail-1])+1 <= turnBudget {
		tail--
		used += len(out[tail]) + 1
	}
	if tail == head {
		return out
	}
	mid := fmt.Sprintf("… %d more lines of this turn (`/log` shows every move) …", tail-head)
	return append(append(append([]string{}, out[:head]...), mid), out[tail:]...)
}

// collapseRepeats writes a line said several times in a row once, with
// how many times ("… (×3)"): a rule that fires for each of several
// officers need not fill the channel with copies.
func collapseRepeats(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, fmt.Sprintf("%s (×%d)", lines[i], j-i))
		} else {
			out = append(out, lines[i])
		}
		i = j
	}
	return out
}
