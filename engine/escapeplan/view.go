package escapeplan

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// View is what one viewer may see of a game: a redacted copy of the state,
// held as a field so that a view never carries the state's methods as its
// own. The public view (Viewer == engine.Public) feeds /status and the
// board image; a seat's view adds that player's secrets for /hand.
type View struct {
	State  *State        `json:"state"`
	Viewer engine.Viewer `json:"viewer"`
}

// View returns the redacted view for viewer.
func (s *State) View(viewer engine.Viewer) engine.View {
	return &View{State: engine.Redact(s, viewer), Viewer: viewer}
}

// Text is a readable summary: the public board, plus the viewer's own
// secrets when the viewer is a seat.
func (v *View) Text() string {
	s := v.State
	var b strings.Builder
	fmt.Fprintf(&b, "Escape Plan — day %d of 3, %s phase", s.Round, s.Phase)
	if s.Phase == PhasePlayerAction && s.TurnNo < len(TurnNames) {
		fmt.Fprintf(&b, " (%s turn)", TurnNames[s.TurnNo])
	}
	b.WriteString(".\n")
	var order []string
	for _, a := range s.Order {
		order = append(order, fmt.Sprintf("%s (Notoriety %d)", who(a), s.notoriety(a)))
	}
	b.WriteString("Turn order: " + listOrNone(order) + ".\n")
	for i := range s.Players {
		p := &s.Players[i]
		where := s.NodeName(p.At)
		if p.Status != "" {
			where = strings.ToUpper(p.Status)
		}
		fmt.Fprintf(&b, "%s: %s; Wounds %d, Contacts %d, discs %d, gas %d, tiles %d, keys %d, Gang Members %d.\n",
			who(i), where, p.Wounds, p.contactCount(), p.Discs, p.Gas, len(p.Items), len(p.Keys), len(p.Gang))
	}
	if s.Sandra != nil {
		fmt.Fprintf(&b, "Sandra: at the %s, Notoriety %d, discs %d.\n", s.NodeName(s.Sandra.At), s.Sandra.Notoriety, s.Sandra.Discs)
	}
	var exits []string
	for no := 1; no <= 3; no++ {
		st := "open"
		if s.Blocked(no) {
			st = "blocked"
		}
		exits = append(exits, fmt.Sprintf("%s %s (%d patrol)", exitName(no), st, s.PatrolSpaces[no-1]))
	}
	b.WriteString("Exits: " + listOrNone(exits) + ".\n")
	var disp []string
	for i, c := range s.Display {
		if c >= 0 {
			disp = append(disp, fmt.Sprintf("%d %s", i+1, ContactDeck[c].Name))
		}
	}
	b.WriteString("Contact display: " + listOrNone(disp) + ".\n")
	if s.Over && s.Result != nil {
		b.WriteString(s.Result.Summary + "\n")
	}
	if v.Viewer >= 0 && int(v.Viewer) < len(s.Players) {
		b.WriteString(s.privateText(&s.Players[v.Viewer]))
	}
	return b.String()
}

// privateText is a player's own secrets, for /hand.
func (s *State) privateText(p *Player) string {
	var b strings.Builder
	plan := planByTitle(p.Plan)
	fmt.Fprintf(&b, "— Your screen —\nMoney: $%dk. Escape Plan: %s (Income symbol on %s).\n", p.Money, p.Plan, strings.Join(plan.Targets, ", "))
	fmt.Fprintf(&b, "Income: $%d. Notoriety cubes: +%d / -%d. Wounds %d. First Aid %s. Rest %s.\n",
		incomeValue(p.IncomeCubes), p.Red, p.Blue, p.Wounds, readyWord(p.FirstAid), map[bool]string{true: "available", false: "used"}[p.Sun])
	var cs []string
	for i, c := range p.Contacts {
		switch {
		case c.Cuffed:
			cs = append(cs, fmt.Sprintf("%d handcuffed", i+1))
		case p.contactAsset(i) != "":
			cs = append(cs, fmt.Sprintf("%d locked %s Asset", i+1, p.contactAsset(i)))
		case c.Card >= 0:
			cs = append(cs, fmt.Sprintf("%d %s%s", i+1, ContactDeck[c.Card].Name, usedWord(c.Used)))
		}
	}
	b.WriteString("Contacts: " + listOrNone(cs) + ".\n")
	var as []string
	for i, a := range p.Assets {
		if a.Asset != "" {
			as = append(as, fmt.Sprintf("%s $%d%s", a.Asset, AssetPrices[i], usedWord(a.Used)))
		}
	}
	b.WriteString("Unlocked Assets: " + listOrNone(as) + "; locked: " + listOrNone(p.locked()) + ".\n")
	var its []string
	for _, it := range p.Items {
		x := it.Name + usedWord(it.Used)
		if it.Secret != nil {
			x = fmt.Sprintf("%s: %s ($%dk)", it.Name, it.Secret.Name, it.Secret.Value)
		}
		its = append(its, x)
	}
	fmt.Fprintf(&b, "Tiles (room for %d; locked Assets on the other Item spaces): %s.\n", p.itemRoom(), listOrNone(its))
	var ks []string
	for _, k := range p.Keys {
		ks = append(ks, k.Colour+usedWord(k.Used))
	}
	b.WriteString("Keys: " + listOrNone(ks) + ".\n")
	for _, t := range s.Pending.Items {
		if seatOf(&t) == p.Seat && len(t.Data.Drawn) > 0 {
			var ds []string
			for i, d := range t.Data.Drawn {
				ds = append(ds, fmt.Sprintf("keep %d = %s ($%dk)", i+1, d.Name, d.Value))
			}
			b.WriteString("Drawn: " + listOrNone(ds) + ".\n")
		}
	}
	return b.String()
}

func readyWord(b bool) string {
	if b {
		return "ready"
	}
	return "used"
}

func usedWord(b bool) string {
	if b {
		return " (used)"
	}
	return ""
}

// listOrNone joins a list for reading, or says "none".
func listOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}
