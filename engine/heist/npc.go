package heist

import (
	"strings"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// The scenario's NPC (MH-NPC-*): a Prisoner, Hostage or Guide played by the
// whole team, on its own white die, with its card's rules at the end of
// the Action phase.

// npcSetup says which NPC card a scenario uses, how it starts and its
// scenario Special action. Scenarios without an entry have no NPC.
var npcSetup = map[string]struct {
	Card, Name, Special string
	Ideas               int
	Active              bool
}{
	"the-greedy-prisoner":    {Card: "Freed Prisoner", Name: "Prisoner"},
	"the-safehouse-rescue":   {Card: "Freed Prisoner", Name: "Prisoner"},
	"the-hospitality-job":    {Card: "Hostage", Name: "Hostage"},
	"the-final-score-part-2": {Card: "Hostage", Name: "Mayor"},
	"the-side-channel":       {Card: "Guide", Name: "Guide", Special: "PAUSE", Ideas: 2, Active: true},
	"the-melee-job":          {Card: "Guide", Name: "Guide", Special: "FANCY CARD FLICK", Ideas: 3, Active: true},
	"the-black-box":          {Card: "Guide", Name: "Architect", Special: "STUDY SCHEMATICS", Active: true},
}

// setupNPC puts the scenario's NPC card on its space.
func (s *State) setupNPC(l *lib, sc *scenarioDef) {
	set, ok := npcSetup[sc.Slug]
	if !ok || l.NPCs[set.Card] == nil {
		return
	}
	n := &Character{Seat: engine.NoSeat, NPC: true, Name: set.Name, Card: set.Card, Ideas: set.Ideas,
		Active: set.Active, Special: set.Special, Done: true}
	for _, t := range s.Tiles {
		if real(t) && (t.has("npc") || t.has("prison")) {
			n.Hex = t.Hex
			break
		}
	}
	if n.Hex == "" {
		// The Melee Job's map has no NPC space: the Guide waits on the first
		// Entrance (our choice).
		if es := s.entrances(); len(es) > 0 {
			n.Hex = es[0].Hex
		}
	}
	s.NPC = n
	if n.Card == "Freed Prisoner" {
		// A jailed crew member can be the one the team breaks out.
		if cands := s.rescueCandidates(); len(cands) > 0 {
			s.Rescue = cands[0]
		}
	}
}

// rescueCandidates lists the campaign's Busted named characters not playing
// this heist, in roster order: who the Prisoner may be (MH-BUSTED-03).
func (s *State) rescueCandidates() []string {
	if s.Camp == nil {
		return nil
	}
	var out []string
	for _, nc := range s.Camp.Characters {
		if !nc.Busted {
			continue
		}
		playing := false
		for _, c := range s.Chars {
			playing = playing || strings.EqualFold(c.Named, nc.Name)
		}
		if !playing {
			out = append(out, nc.Name)
		}
	}
	return out
}

// rescueMoves lets any seat choose, in Planning, which jailed character the
// Prisoner is (`rescue <name>`); the first in roster order by default.
func (s *State) rescueMoves(c *Character, ms *engine.Moves) {
	if s.Rescue == "" || s.PlanDone(c.Seat) {
		return
	}
	for _, name := range s.rescueCandidates() {
		if strings.EqualFold(name, s.Rescue) {
			continue
		}
		ms.Legal("rescue "+lower(name), func(res *engine.Result) {
			s.Rescue = name
			res.Say("%s: the Prisoner to break out is %s.", c.ref(), name)
		})
	}
}

// npcSide is the NPC card side in use.
func (s *State) npcSide(n *Character) *content.NPCSide {
	d := theLib().NPCs[n.Card]
	if n.Panicked {
		return &d.Panic
	}
	return &d.Normal
}

// npcOptions lists the NPC's Actions: its two Defaults and, on a 6 (or a
// face Ideas reach), its Roll-6 action.
func (s *State) npcOptions(n *Character) []actionChoice {
	side := s.npcSide(n)
	var out []actionChoice
	for _, d := range side.Defaults {
		if d.Name == "Special" {
			switch n.Special {
			case "PAUSE":
				out = append(out, actionChoice{Name: "Pause", Act: act("Pause", "idea"), Source: "special"})
			default:
				out = append(out, actionChoice{Name: "Special", Act: act(n.Special), Source: "special", Special: "npc special"})
			}
			continue
		}
		out = append(out, actionChoice{Name: d.Name, Act: d, Source: "default"})
	}
	if cost := wrapDistance(n.Die, 6); cost <= n.Ideas {
		out = append(out, actionChoice{Name: side.Roll6.Name, Act: side.Roll6, Source: "roll 6", Cost: cost})
	}
	for i := range out {
		o := &out[i]
		o.Text = "take " + lower(o.Name)
		if o.Cost == 1 {
			o.Text += " for 1 idea"
		} else if o.Cost > 1 {
			o.Text += " for " + string(rune('0'+o.Cost)) + " ideas"
		}
	}
	return out
}

// npcWaiting reports whether the NPC still has to act this phase.
func (s *State) npcWaiting() bool {
	n := s.NPC
	return n != nil && n.Active && n.onBoard() && !n.Done
}

// npcMoves lists the NPC's moves, prefixed "npc ", for any seat of the
// team (MH-NPC-02).
func (s *State) npcMoves(c *Character, ms *engine.Moves) {
	n := s.NPC
	if n == nil || !n.onBoard() {
		return
	}
	if !n.Active {
		if s.Phase == PhaseAction && !c.Done && c.Hex == n.Hex && n.Card == "Hostage" {
			ms.Legal("take hostage", func(res *engine.Result) {
				n.Active = true
				n.Ideas += 3
				n.Done = false
				n.Die = s.Rand.Die(6)
				res.Reveals = true
				res.Say("%s takes the %s hostage (PLOTTING ESCAPE: 3 Ideas); its die shows %d.", c.ref(), n.Name, n.Die)
			})
		}
		return
	}
	if n.Done {
		return
	}
	var sub engine.Moves
	switch s.Phase {
	case PhaseAction:
		s.actionMoves(n, &sub)
	case PhaseEscape:
		s.escapeMoves(n, &sub)
	}
	for _, m := range sub.All() {
		if m.Text == "escape now" {
			continue
		}
		ms.Add("npc "+m.Text, m.If, m.Do)
	}
}

// npcRoll rolls the white die for an active NPC.
func (s *State) npcRoll(res *engine.Result) {
	n := s.NPC
	if n == nil {
		return
	}
	n.Action, n.ActionSrc, n.Pool, n.Done = "", "", Pool{}, true
	n.Moved, n.ExitGuards = false, false
	if n.Active && n.onBoard() {
		n.Done = false
		n.Die = s.Rand.Die(6)
		res.Say("The %s's white die: %d.", n.Name, n.Die)
	}
}

// npcFreed frees an imprisoned NPC when nothing impedes it (MH-NPC-08).
func (s *State) npcFreed(res *engine.Result) {
	n := s.NPC
	if n == nil || n.Active || n.Card != "Freed Prisoner" || !n.onBoard() {
		return
	}
	if s.Phase == PhaseEscape && s.Scenario == "the-safehouse-rescue" {
		return
	}
	t := s.tile(n.Hex)
	if t.remoteLocked() || t.guards() > 0 || t.has(TokKeycardDoor) {
		return
	}
	if s.Scenario == "the-safehouse-rescue" && s.guardsNear(t) {
		// The escort must be subdued before she is free.
		return
	}
	n.Active = true
	if s.Phase == PhaseAction {
		n.Done = false
		n.Die = s.Rand.Die(6)
		res.Reveals = true
		res.Say("The %s is freed! Its white die shows %d.", n.Name, n.Die)
	} else {
		res.Say("The %s is freed!", n.Name)
	}
}

func (s *State) npcOnEnter(c *Character, t *Tile, res *engine.Result) {
	s.npcFreed(res)
	n := s.NPC
	if c.NPC && s.Phase == PhaseEscape && s.isExit(c, t) {
		s.escapeOut(c, res)
	}
	_ = n
}

// npcEndOfAction applies the NPC card's end-of-Action rules. SQUIRRELY may
// stop for a decision (squirrely); the rest goes on in npcTalkative once it
// is settled.
func (s *State) npcEndOfAction(res *engine.Result) {
	n := s.NPC
	if n == nil || !n.Active || !n.onBoard() {
		return
	}
	s.squirrely(res)
	if s.choice() != nil {
		return
	}
	s.npcTalkative(res)
}

// npcName is the NPC's name for prompts ("NPC" when there is none).
func (s *State) npcName() string {
	if s.NPC == nil {
		return "NPC"
	}
	return s.NPC.Name
}

// squirrely is the Hostage's SQUIRRELY (both sides): at the end of the
// Action phase, if the Hostage shares no tile with a player character, the
// nearest player character (hex distance) loses an Idea or causes 2 Noise.
// Which of several characters tied for nearest is the team's choice (the
// card names no one among them); when none of the tied characters has an
// Idea, every choice gives the same 2 Noise and nothing is asked.
func (s *State) squirrely(res *engine.Result) {
	n := s.NPC
	t := s.tile(n.Hex)
	if !strings.Contains(s.npcSide(n).Description, "SQUIRRELY") || len(s.charsOn(t)) > 0 {
		return
	}
	var near []*Character
	best := 1 << 30
	for _, c := range s.onBoardChars() {
		switch d := hexDistance(s.tile(c.Hex), t); {
		case d < best:
			best, near = d, []*Character{c}
		case d == best:
			near = append(near, c)
		}
	}
	if len(near) == 0 {
		return
	}
	res.Say("SQUIRRELY: the %s is alone.", n.Name)
	anyIdeas := false
	for _, c := range near {
		anyIdeas = anyIdeas || c.Ideas > 0
	}
	// A decision stops the end of the Action phase; settled resumes it.
	s.resume = resumeEndAction
	switch {
	case len(near) == 1:
		s.squirrelyHits(near[0], res)
	case !anyIdeas:
		// Whoever it falls on, the outcome is the same 2 Noise.
		var names []string
		for _, c := range near {
			names = append(names, c.ref())
		}
		res.Say("SQUIRRELY: the nearest characters (%s) have no Idea to lose: 2 Noise.", strings.Join(names, ", "))
		s.addNoise(2, res)
	default:
		var seats []engine.Seat
		for _, c := range near {
			seats = append(seats, c.Seat)
		}
		s.ask(choiceSquirrely, Question{Hex: t.Hex, Chars: seats}, nil, res)
	}
	if s.choice() == nil {
		s.resume = ""
	}
}

// squirrelyHits applies SQUIRRELY to c: with no Idea only the Noise is
// possible; otherwise c's player chooses (the card names c, so the choice
// is c's, not the team's).
func (s *State) squirrelyHits(c *Character, res *engine.Result) {
	if c.Ideas == 0 {
		res.Say("SQUIRRELY: %s has no Idea to lose and causes 2 Noise.", c.ref())
		s.addNoise(2, res)
		return
	}
	s.ask(choiceSquirrelyCost, Question{Hex: s.NPC.Hex}, c, res)
}

// npcTalkative is the Guide's TALKATIVE (Panic side): 1 Noise at the end
// of the Action phase when a character is on or next to it.
func (s *State) npcTalkative(res *engine.Result) {
	n := s.NPC
	if n == nil || !n.Active || !n.onBoard() {
		return
	}
	t := s.tile(n.Hex)
	side := s.npcSide(n)
	if strings.Contains(side.Description, "TALKATIVE") {
		for _, c := range s.onBoardChars() {
			if onOrAdjacent(s.tile(c.Hex), t) {
				res.Say("TALKATIVE: the %s chatters (1 Noise).", n.Name)
				s.addNoise(1, res)
				break
			}
		}
	}
}

// npcStartEscape readies the NPC for the Escape phase.
func (s *State) npcStartEscape(res *engine.Result) {
	n := s.NPC
	if n == nil || !n.onBoard() {
		return
	}
	n.EscapeMoves, n.Rolled = 0, false
	if !n.Active {
		n.Done = true
		return
	}
	n.Done = false
	if s.isExit(n, s.tile(n.Hex)) {
		s.escapeOut(n, res)
	}
}

// npcSpecialMoves lists the NPC Special actions of The Melee Job and The
// Black Box.
func (s *State) npcSpecialMoves(n *Character, ms *engine.Moves) {
	if n.Action != "Special" || n.Grant == 0 {
		return
	}
	t := s.tile(n.Hex)
	switch n.Special {
	case "FANCY CARD FLICK":
		if !n.has(Keycard) {
			return
		}
		for _, d := range dirs {
			x, r := t.X, t.Row
			for {
				x, r = x+d[0], r+d[1]
				to := s.at(x, r)
				if to == nil || to.locked() || to.Unknown {
					break
				}
				ms.Legal("flick keycard to "+to.Hex, func(res *engine.Result) {
					n.Grant = 0
					n.Loot, _ = removeString(n.Loot, Keycard)
					to.Loot = append(to.Loot, Keycard)
					res.Say("FANCY CARD FLICK: the %s throws the Keycard to %s.", n.Name, to.Hex)
				})
			}
		}
	case "STUDY SCHEMATICS":
		if !n.has(Document) || n.used("STUDY SCHEMATICS") {
			return
		}
		ms.Legal("study schematics", func(res *engine.Result) {
			n.Grant = 0
			n.Used = append(n.Used, "STUDY SCHEMATICS")
			for _, x := range s.Tiles {
				if real(x) && (x.has(TokKennel) || x.has(TokReinforcements)) {
					x.Cash += 2
					res.Say("STUDY SCHEMATICS: $2k appears on %s.", x.Hex)
				}
			}
		})
	}
}
