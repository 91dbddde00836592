package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
	"casefile/render"
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
}

var errNoGame = refuse("There is no game in this channel. Start one with `/newgame`.")

func (s *Service) loadChannel(ctx context.Context, channelID string) (*table, error) {
	rec, err := s.DB.OpenGame(ctx, channelID)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, errNoGame
	}
	if err != nil {
		return nil, err
	}
	return s.loadRecord(rec)
}

func (s *Service) loadID(ctx context.Context, id int64) (*table, error) {
	rec, err := s.DB.GameByID(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, refuse("That game no longer exists.")
	}
	if err != nil {
		return nil, err
	}
	return s.loadRecord(rec)
}

func (s *Service) loadRecord(rec *storage.Game) (*table, error) {
	def, ok := s.Catalog.Get(rec.Game)
	if !ok {
		return nil, fmt.Errorf("game %d is of unknown kind %q", rec.ID, rec.Game)
	}
	t := &table{rec: rec, def: def}
	if rec.Status == storage.Active || rec.Status == storage.Over {
		st, err := def.Load(rec.Snapshot)
		if err != nil {
			return nil, fmt.Errorf("game %d snapshot: %w", rec.ID, err)
		}
		t.state = st
	}
	return t, nil
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

func (t *table) seatRec(seat engine.Seat) *storage.Seat {
	for i := range t.rec.Seats {
		if t.rec.Seats[i].Seat == int(seat) {
			return &t.rec.Seats[i]
		}
	}
	return nil
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
	if r.StandIn {
		n += " (stand-in)"
	}
	return n
}

// plainName is a seat's name without formatting, for code blocks.
func (t *table) plainName(seat engine.Seat) string {
	return strings.ReplaceAll(t.name(seat), "**", "")
}

func (t *table) mention(seat engine.Seat) string {
	if r := t.seatRec(seat); r != nil {
		return "<@" + r.UserID + ">"
	}
	return t.name(seat)
}

func (t *table) expand(line string) string { return engine.ExpandSeatRefs(line, t.name) }

// sanitize keeps user-chosen names from pinging anyone or breaking the
// message's formatting.
func sanitize(name string) string {
	r := strings.NewReplacer("@", "@\u200b", "*", "", "_", "", "`", "", "~", "", "|", "", "<", "‹", ">", "›")
	name = r.Replace(strings.TrimSpace(name))
	if name == "" {
		name = "player"
	}
	if len([]rune(name)) > 32 {
		name = string([]rune(name)[:32])
	}
	return name
}

// waiting describes who must act now, with mentions for humans, and the
// user ids to ping.
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
		if !seen[r.UserID] {
			seen[r.UserID] = true
			who = append(who, t.mention(seat))
			ids = append(ids, r.UserID)
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
		line += ": " + turn.Prompt
	}
	return line + ". Use `/move`.", ids
}

// boardFile draws the public board, or nil if the game has no renderer.
func (s *Service) boardFile(t *table) (*File, error) {
	r, ok := s.Renderers[t.def.ID]
	if !ok || r.Board == nil {
		return nil, nil
	}
	img, err := r.Board(t.state.View(engine.Public))
	if err != nil {
		return nil, fmt.Errorf("render %s board: %w", t.def.ID, err)
	}
	data, err := render.PNG(img)
	if err != nil {
		return nil, err
	}
	return &File{Name: t.def.ID + "-board.png", ContentType: "image/png", Data: data}, nil
}

// privateFile draws one seat's own board, or nil.
func (s *Service) privateFile(t *table, seat engine.Seat) (*File, error) {
	r, ok := s.Renderers[t.def.ID]
	if !ok || r.Private == nil {
		return nil, nil
	}
	img, err := r.Private(t.state.View(seat))
	if err != nil {
		return nil, fmt.Errorf("render %s private board: %w", t.def.ID, err)
	}
	data, err := render.PNG(img)
	if err != nil {
		return nil, err
	}
	return &File{Name: fmt.Sprintf("%s-seat%d.png", t.def.ID, int(seat)+1), ContentType: "image/png", Data: data}, nil
}

// privateDMs builds the DMs for private notes, grouped per user, with the
// seat's refreshed private view. A seat with no notes gets one too when
// refresh says its private view changed (all seats at the start of a game).
func (s *Service) privateDMs(t *table, notes map[engine.Seat][]string, refresh func(engine.Seat) bool) ([]DM, error) {
	byUser := map[string][]engine.Seat{}
	var users []string
	for _, r := range t.rec.Seats {
		seat := engine.Seat(r.Seat)
		if len(notes[seat]) == 0 && !refresh(seat) {
			continue
		}
		if _, ok := byUser[r.UserID]; !ok {
			users = append(users, r.UserID)
		}
		byUser[r.UserID] = append(byUser[r.UserID], seat)
	}
	sort.Strings(users)
	var dms []DM
	for _, u := range users {
		var b strings.Builder
		var files []File
		fmt.Fprintf(&b, "**%s** in <#%s>", t.def.Name, t.rec.ChannelID)
		for _, seat := range byUser[u] {
			if len(byUser[u]) > 1 || len(t.rec.SeatsOf(u)) > 1 {
				fmt.Fprintf(&b, "\n__Seat %d__", int(seat)+1)
			}
			for _, n := range notes[seat] {
				b.WriteString("\n• " + t.expand(n))
			}
			if len(notes[seat]) == 0 {
				b.WriteString("\nYour private view, updated:")
			}
			b.WriteString("\n```\n" + clip(engine.ExpandSeatRefs(t.state.View(seat).Text(), t.plainName), 1400) + "\n```")
			f, err := s.privateFile(t, seat)
			if err != nil {
				return nil, err
			}
			if f != nil {
				files = append(files, *f)
			}
		}
		dms = append(dms, DM{UserID: u, Content: clip(b.String(), 1990), Files: files,
			Fallback: "I could not send you a direct message. Use `/hand` here to see your private information (only you will see it).", ChannelID: t.rec.ChannelID})
	}
	return dms, nil
}

// clip keeps text within Discord's message limits.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 1
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
