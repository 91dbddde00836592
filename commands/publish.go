package commands

import (
	"context"
	"fmt"
	"image"
	"sort"
	"strconv"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// shows says what a committed change shows besides its reply text: the
// parts that draw images or read the log, which is why update adds them
// only after the commit.
type shows struct {
	// board owes the channel a picture of the public board, recorded
	// with the change and posted by the picture worker with caption.
	board   bool
	caption string
	// notes are the private notes of the committed moves, by seat.
	notes map[engine.Seat][]string
	// everyone refreshes every seat's private view, as when a game is
	// dealt; otherwise only seats whose secrets the moves changed are.
	everyone bool
	// reveal posts every secret choice of the log at Game over, for games
	// with hidden roles.
	reveal bool
	// handover are seats that changed hands: their new player is sent the
	// seat's whole private history.
	handover []engine.Seat
	// after are the seats' secret fingerprints once the moves are made,
	// computed once (see refreshed): walking a state costs as much as
	// loading it.
	after map[engine.Seat]uint64
}

// publish adds to resp what the committed change shows, drawn from the
// committed state t: the private DMs and the channel summary. The board
// picture is not drawn here: the change owes it, and the picture worker
// posts it after the reply (see RunPictures). The change is saved by
// then, so a failed drawing is logged and the rest still sent: the reply
// must not claim that nothing changed.
func (s *Service) publish(ctx context.Context, t *table, ch storage.Change, resp *Response) {
	if t.shows.reveal {
		if p, ok := s.revealPost(ctx, t); ok {
			resp.Posts = append(resp.Posts, p)
		}
	}
	dms, err := s.privateDMs(t, t.shows.notes, t.refreshed())
	if err != nil {
		s.Log.Error("private views after commit", "game_id", t.rec.ID, "error", err)
	}
	resp.DMs = dms
	for _, seat := range t.shows.handover {
		if dm, err := s.historyDM(ctx, t, seat); err != nil {
			s.Log.Error("private history for a seat taken over", "game_id", t.rec.ID, "seat", int(seat), "error", err)
		} else {
			resp.DMs = append(resp.DMs, dm)
		}
	}
	resp.Posts = append(resp.Posts, s.summaryPost(ctx, t, ch.Deadlines))
}

// refreshed says which seats' private views the change altered: every
// seat's when the change shows everyone (the deal), else those whose
// secret fingerprint moved.
func (t *table) refreshed() func(engine.Seat) bool {
	if t.shows.everyone {
		return func(engine.Seat) bool { return true }
	}
	if t.shows.after == nil {
		t.shows.after = engine.SecretFingerprints(t.state)
	}
	after := t.shows.after
	return func(seat engine.Seat) bool { return t.secrets != nil && after[seat] != t.secrets[seat] }
}

// viewChanged says whose private view a DM shows: the seats refresh
// names, or, when the fingerprints before the change are not known, every
// seat sent notes (the view may have changed; it was always shown then).
func (t *table) viewChanged(notes map[engine.Seat][]string, refresh func(engine.Seat) bool) func(engine.Seat) bool {
	if t.secrets != nil || t.shows.everyone {
		return refresh
	}
	return func(seat engine.Seat) bool { return len(notes[seat]) > 0 || refresh(seat) }
}

// dmSeats are the seats whose players the change sends a DM: those with
// private notes and those whose private view changed, bots left out,
// in seat order.
func dmSeats(t *table, notes map[engine.Seat][]string, refresh func(engine.Seat) bool) []storage.Seat {
	var out []storage.Seat
	for _, r := range t.rec.Seats {
		if seat := engine.Seat(r.Seat); !r.Bot() && (len(notes[seat]) > 0 || refresh(seat)) {
			out = append(out, r)
		}
	}
	return out
}

// owedPrivate lists the seats' own pictures the change owes by DM: one
// per seat whose player is sent a DM (see privateDMs) or who took a seat
// over (historyDM). They are drawn after the reply, by the picture
// worker, and follow the DM's notes.
func (s *Service) owedPrivate(t *table) []storage.PrivatePicture {
	r, ok := s.Renderers[t.def.ID]
	if !ok || r.Private == nil || t.state == nil {
		return nil
	}
	// A seat's own picture is of its private view: only seats whose view
	// the change altered are owed one, not those sent notes alone.
	refresh := t.viewChanged(t.shows.notes, t.refreshed())
	var seats []storage.Seat
	for _, r := range dmSeats(t, t.shows.notes, refresh) {
		if refresh(engine.Seat(r.Seat)) {
			seats = append(seats, r)
		}
	}
	for _, seat := range t.shows.handover {
		if rec := t.seatRec(seat); rec != nil && !rec.Bot() {
			seats = append(seats, *rec)
		}
	}
	var out []storage.PrivatePicture
	seen := map[int]bool{}
	for _, r := range seats {
		if seen[r.Seat] {
			continue
		}
		seen[r.Seat] = true
		// Concatenated, not formatted: Police Precinct owes 2.4 of these
		// a move.
		caption := "**" + t.def.Name + "** in <#" + t.rec.ChannelID + ">: your private view."
		if len(t.rec.SeatsOf(r.UserID)) > 1 {
			caption = caption[:len(caption)-1] + " (seat " + strconv.Itoa(r.Seat+1) + ")."
		}
		out = append(out, storage.PrivatePicture{Seat: r.Seat, UserID: r.UserID, Caption: caption})
	}
	return out
}

// historyNotes bounds the private history a new player of a seat is sent.
const historyNotes = 200

// historyDM is the private history of seat, for the person who took it
// over: every private note it received, and its private view now.
func (s *Service) historyDM(ctx context.Context, t *table, seat engine.Seat) (DM, error) {
	r := t.seatRec(seat)
	notes, err := s.DB.Notes(ctx, t.rec.ID, int(seat), historyNotes)
	if err != nil {
		return DM{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** in <#%s>: you took over seat %d. What this seat saw in private so far:", t.def.Name, t.rec.ChannelID, int(seat)+1)
	for _, n := range notes {
		fmt.Fprintf(&b, "\n• move %d: %s", n.MoveN, t.expand(n.Text))
	}
	if len(notes) == 0 {
		b.WriteString("\n(no private notes yet)")
	}
	b.WriteString("\n```\n" + clip(engine.ExpandSeatRefs(t.state.View(seat).Text(), t.plainName), 900) + "\n```")
	dm := DM{UserID: r.UserID, Content: clip(b.String(), 1990), ChannelID: t.rec.ChannelID, GameID: t.rec.ID,
		Fallback: "I could not send you this seat's private history by DM. Use `/hand` here to see it (only you will see it)."}
	// The seat's picture follows from the picture worker (owedPrivate).
	return dm, nil
}

// revealPost lists every secret choice of a finished hidden-role game, so
// that the table can see at the end what each seat chose in secret.
func (s *Service) revealPost(ctx context.Context, t *table) (Post, bool) {
	moves, err := s.DB.Moves(ctx, t.rec.ID)
	if err != nil {
		s.Log.Error("secret choices at game over", "game_id", t.rec.ID, "error", err)
		return Post{}, false
	}
	var lines []string
	for _, m := range moves {
		if m.Secret && !m.Undone {
			lines = append(lines, fmt.Sprintf("#%d %s: `%s`", m.N, t.plainName(engine.Seat(m.Seat)), m.Text))
		}
	}
	if len(lines) == 0 {
		return Post{}, false
	}
	return Post{ChannelID: t.rec.ChannelID, Content: clip("🔓 **Every secret choice of this game**, now revealed:\n"+strings.Join(lines, "\n"), 1990)}, true
}

// boardFile draws the public board, or nil if the game has no renderer.
func (s *Service) boardFile(t *table) (*File, error) {
	r, ok := s.Renderers[t.def.ID]
	if !ok || r.Board == nil {
		return nil, nil
	}
	data, err := drawPNG(func() (image.Image, error) {
		img, err := r.Board(t.state.View(engine.Public))
		if err != nil {
			return nil, fmt.Errorf("render %s board: %w", t.def.ID, err)
		}
		return img, nil
	})
	if err != nil {
		return nil, err
	}
	f := &File{Name: t.def.ID + "-board.png", ContentType: "image/png", Data: data}
	if r.Alt != nil {
		f.Description = engine.ExpandSeatRefs(r.Alt(t.state.View(engine.Public)), t.plainName)
	}
	return f, nil
}

// privateFile draws one seat's own board, or nil.
func (s *Service) privateFile(t *table, seat engine.Seat) (*File, error) {
	r, ok := s.Renderers[t.def.ID]
	if !ok || r.Private == nil {
		return nil, nil
	}
	v := t.state.View(seat)
	data, err := drawPNG(func() (image.Image, error) {
		img, err := r.Private(v)
		if err != nil {
			return nil, fmt.Errorf("render %s private board: %w", t.def.ID, err)
		}
		return img, nil
	})
	if err != nil {
		return nil, err
	}
	f := &File{Name: fmt.Sprintf("%s-seat%d.png", t.def.ID, int(seat)+1), ContentType: "image/png", Data: data}
	if r.Alt != nil {
		// A seat's own picture is described from its own view: it goes
		// to that seat's player alone.
		f.Description = engine.ExpandSeatRefs(r.Alt(v), t.plainName)
	}
	return f, nil
}

// privateDMs builds the DMs for private notes, grouped per user, each
// seat's with its private view when refresh says that view changed (all
// seats at the start of a game). A seat with notes and an unchanged view
// gets the notes alone: building a view and its text for a DM costs about
// as much as the rest of a move's DMs, and the player has that view from
// an earlier DM or /hand. A seat with no notes gets a DM only when its
// view changed.
func (s *Service) privateDMs(t *table, notes map[engine.Seat][]string, refresh func(engine.Seat) bool) ([]DM, error) {
	refresh = t.viewChanged(notes, refresh)
	byUser := map[string][]engine.Seat{}
	var users []string
	for _, r := range dmSeats(t, notes, refresh) {
		seat := engine.Seat(r.Seat)
		if _, ok := byUser[r.UserID]; !ok {
			users = append(users, r.UserID)
		}
		byUser[r.UserID] = append(byUser[r.UserID], seat)
	}
	sort.Strings(users)
	var dms []DM
	name := t.plainNames()
	for _, u := range users {
		var b strings.Builder
		fmt.Fprintf(&b, "**%s** in <#%s>", t.def.Name, t.rec.ChannelID)
		for _, seat := range byUser[u] {
			if len(byUser[u]) > 1 || len(t.rec.SeatsOf(u)) > 1 {
				fmt.Fprintf(&b, "\n__Seat %d__", int(seat)+1)
			}
			for _, n := range notes[seat] {
				b.WriteString("\n• " + t.expand(n))
			}
			if !refresh(seat) {
				continue
			}
			if len(notes[seat]) == 0 {
				b.WriteString("\nYour private view, updated:")
			}
			b.WriteString("\n```\n" + t.dmView(seat, name) + "\n```")
		}
		dms = append(dms, DM{UserID: u, Content: clip(b.String(), 1990),
			Fallback: "I could not send you a direct message. Use `/hand` here to see your private information (only you will see it).", ChannelID: t.rec.ChannelID, GameID: t.rec.ID})
	}
	return dms, nil
}

// dmView is seat's private view as a DM shows it, cut to 1,400 bytes:
// written straight from the state when the game can (engine.ViewTexter,
// engine.ViewTextPrefixer: both skip the view's redacted copy), else
// from the view.
func (t *table) dmView(seat engine.Seat, name func(engine.Seat) string) string {
	if vt, ok := t.state.(engine.ViewTexter); ok {
		return clip(engine.ExpandSeatRefs(vt.ViewText(seat), name), 1400)
	}
	if p, ok := t.state.(engine.ViewTextPrefixer); ok {
		return clippedView(stateText{p, seat}, name, 1400)
	}
	return clippedView(t.state.View(seat), name, 1400)
}

// stateText is a seat's view text written from the state
// (engine.ViewTextPrefixer), as the text of a view: clippedView cuts it
// as it cuts the view's. It holds the whole state, so it is never a view
// to draw or to show whole.
type stateText struct {
	st   engine.ViewTextPrefixer
	seat engine.Seat
}

func (v stateText) Text() string            { return v.st.ViewTextPrefix(v.seat, -1) }
func (v stateText) TextPrefix(n int) string { return v.st.ViewTextPrefix(v.seat, n) }
