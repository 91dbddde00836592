package commands

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
	"casefile/render"
)

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
