package heist

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"casefile/engine"
	"casefile/engine/heist/content"
)

// The Action phase (MH-ACTION-*): each character chooses an Action for its
// roll (a Default, a Skill face, an Item) and plays its sub-actions.

// actionChoice is one Action a character may choose this round, with
// where it comes from and what it costs.
type actionChoice struct {
	Text    string
	Name    string
	Act     content.Action
	Source  string
	Cost    int
	Special string
}

// specialDefaults are Default Actions whose sub-actions come from the
// character's ability text rather than icons on the action space.
var specialDefaults = map[string]bool{
	"Dart": true, "Bolt": true, "Autopwn": true, "Exploit": true, "Patch In": true,
	"Loop Footage": true, "Rewire": true, "Breach": true, "Toss Loot": true,
}

func act(name string, subs ...content.Sub) content.Action {
	return content.Action{Name: name, Subs: subs}
}

// subWords names an Action's sub-actions in plain words, in card order,
// "unlock, noise, move": text for Discord never carries the data's
// ":noise:" shortcodes, which Discord cannot show.
func subWords(a content.Action) string {
	words := make([]string, len(a.Subs))
	for i, s := range a.Subs {
		words[i] = string(s)
	}
	return strings.Join(words, ", ")
}

// wrapDistance is how many Ideas turn face a into face b (MH-ACTION-04/05).
func wrapDistance(a, b int) int {
	d := a - b
	if d < 0 {
		d = -d
	}
	if 6-d < d {
		return 6 - d
	}
	return d
}

// actionChoices lists the Actions a character may choose now: its Default
// Actions, each Skill's action for the die (or a face reachable with Ideas),
// and the actions of carried Items (MH-ACTION-01); only those whose Ideas
// it can pay (MH-CHAR-06: a paid Default Action, DART, BOLT, AUTOPWN,
// EXPLOIT, LOOP FOOTAGE, REWIRE, BREACH, is taken by paying its Ideas).
func (s *State) actionChoices(c *Character) []actionChoice {
	all := s.allActionChoices(c)
	out := all[:0:0]
	for _, o := range all {
		if o.Cost <= c.Ideas {
			out = append(out, o)
		}
	}
	return out
}

// allActionChoices is actionChoices with the paid Default Actions the
// character cannot afford, named as if it could: a move's text does not
// depend on the Ideas held.
func (s *State) allActionChoices(c *Character) []actionChoice {
	if c.NPC {
		return s.npcOptions(c)
	}
	l := theLib()
	var raw []actionChoice
	cd := l.Characters[c.Card]
	t := s.tile(c.Hex)
	for _, d := range cd.Defaults {
		if !specialDefaults[d.Name] {
			raw = append(raw, actionChoice{Name: d.Name, Act: d, Source: "default"})
			continue
		}
		switch d.Name {
		case "Dart":
			raw = append(raw, actionChoice{Name: "Dart", Act: act("Dart", "noise", "move", "move"), Source: "default", Cost: 1, Special: "dart"})
		case "Bolt":
			raw = append(raw, actionChoice{Name: "Bolt", Act: act("Bolt", "noise", "move", "move"), Source: "2 moves", Cost: 1, Special: "bolt"})
			raw = append(raw, actionChoice{Name: "Bolt", Act: act("Bolt", "noise", "move", "move", "move"), Source: "3 moves", Cost: 2, Special: "bolt"})
		case "Autopwn", "Exploit":
			raw = append(raw, actionChoice{Name: d.Name, Act: act(d.Name), Source: "default", Cost: 1, Special: strings.ToLower(d.Name)})
		case "Patch In":
			if s.adjacentLiveCamera(t) {
				raw = append(raw, actionChoice{Name: "Patch In", Act: act("Patch In", "idea", "idea", "reveal", "noise"), Source: "default", Special: "patch in"})
			}
		case "Loop Footage":
			raw = append(raw, actionChoice{Name: "Loop Footage", Act: act("Loop Footage"), Source: "default", Cost: 2, Special: "loop footage"})
		case "Rewire":
			raw = append(raw, actionChoice{Name: "Rewire", Act: act("Rewire", "noise"), Source: "default", Cost: 2, Special: "rewire"})
		case "Breach":
			if !t.Entrance && len(s.breachSides(t)) > 0 {
				raw = append(raw, actionChoice{Name: "Breach", Act: act("Breach"), Source: "default", Cost: 4, Special: "breach"})
			}
		case "Toss Loot":
			if c.Cash > 0 || len(c.Loot) > 0 {
				raw = append(raw, actionChoice{Name: "Toss Loot", Act: act("Toss Loot"), Source: "default", Special: "toss loot"})
			}
		}
	}
	for _, name := range c.Skills {
		sk := l.Skills[name]
		if sk == nil {
			continue
		}
		for face := 1; face <= 6; face++ {
			cost := wrapDistance(c.Die, face)
			if cost > c.Ideas {
				continue
			}
			raw = append(raw, actionChoice{Name: sk.Faces[face-1].Name, Act: sk.Faces[face-1], Source: name, Cost: cost})
		}
	}
	for _, l := range c.Loot {
		if !strings.HasPrefix(l, "item ") {
			continue
		}
		it := theLib().Items[strings.TrimPrefix(l, "item ")]
		if it == nil || it.Action.Name == "" {
			continue
		}
		o := actionChoice{Name: it.Action.Name, Act: it.Action, Source: it.Name, Special: "item"}
		switch it.Name {
		case "Laser Burst":
			o.Act, o.Special = act("Kill Pixels"), "kill pixels"
			// Once per heist: the card's, whoever carries it now (a game
			// saved before marked only its user).
			if slices.Contains(s.Triggered, "laser burst") || c.used("Laser Burst") {
				continue
			}
		case "Flashbang":
			o.Act, o.Special = act("Toss Flashbang", "noise", "noise", "noise"), "flashbang"
		case "Dog Whistle":
			o.Act, o.Special = act("Blow Whistle", "move", "noise", "noise"), "whistle"
		case "Radio":
			o.Special = "radio"
		}
		raw = append(raw, o)
	}
	return nameChoices(raw)
}

// nameChoices keeps the cheapest way to each distinct Action and names
// each as its move ("take walk", "take bolt (3 moves) for 2 ideas"),
// cheapest first.
func nameChoices(raw []actionChoice) []actionChoice {
	// Keep the cheapest way to each distinct action, then name them.
	type key struct{ name, icons, special, src string }
	best := map[key]int{}
	var uniq []actionChoice
	for _, o := range raw {
		src := ""
		if o.Special == "bolt" {
			src = o.Source
		}
		k := key{o.Name, subWords(o.Act), o.Special, src}
		if i, ok := best[k]; ok {
			if o.Cost < uniq[i].Cost {
				uniq[i] = o
			}
			continue
		}
		best[k] = len(uniq)
		uniq = append(uniq, o)
	}
	names := map[string]int{}
	for _, o := range uniq {
		names[strings.ToLower(o.Name)]++
	}
	for i := range uniq {
		o := &uniq[i]
		txt := "take " + strings.ToLower(o.Name)
		if names[strings.ToLower(o.Name)] > 1 {
			txt += " (" + strings.ToLower(o.Source) + ")"
		}
		if o.Cost == 1 {
			txt += " for 1 idea"
		} else if o.Cost > 1 {
			txt += fmt.Sprintf(" for %d ideas", o.Cost)
		}
		o.Text = txt
	}
	sort.SliceStable(uniq, func(i, j int) bool { return uniq[i].Cost < uniq[j].Cost })
	return uniq
}

// takeAction commits a character to an option (MH-ACTION-03): Ideas paid,
// the die placed, the sub-actions ready.
func (s *State) takeAction(c *Character, o actionChoice, res *engine.Result) {
	c.Ideas -= o.Cost
	c.Action = o.Name
	c.ActionSrc = o.Source
	// The pool is emptied when an Action ends; what it holds now was
	// granted by another character this round (AUTOPWN, EXPLOIT) and is
	// kept alongside the Action's own sub-actions.
	c.Pool.add(o.Act)
	c.Noise += o.Act.Count("noise")
	c.Alerts += o.Act.Count("alert")
	if s.hasAbility(c, "EFFICIENT PICKER") {
		c.Picker = o.Act.Count("unlock")
	}
	if s.cannotSubdue(c) {
		c.Pool.Subdue = 0
	}
	c.OnlyCrack = true
	cost := ""
	if o.Cost > 0 {
		cost = ", spending " + engine.Plural(o.Cost, "Idea", "Ideas")
	}
	subs := ""
	if w := subWords(o.Act); w != "" {
		subs = " [" + w + "]"
	}
	res.Say("%s rolled %d and takes %s%s (%s)%s.", c.ref(), c.Die, o.Name, subs, o.Source, cost)
	switch o.Special {
	case "autopwn":
		c.Grant, c.GrantMult = 1, 1
	case "exploit":
		c.Grant, c.GrantMult = 1, 2
	case "loop footage":
		s.LoopFootage = true
		res.Say("Loop Footage: cameras have no consequences this Action and Event phase.")
	case "rewire":
		c.Rewire = 2
	case "toss loot":
		// Any of your loot: each piece may be tossed.
		c.Toss = len(c.Loot)
		if c.Cash > 0 {
			c.Toss++
		}
	case "breach":
		s.breach(c, res)
	case "kill pixels":
		c.KillPixels = 1
		s.Triggered = append(s.Triggered, "laser burst")
	case "flashbang":
		t := s.tile(c.Hex)
		// Guard Dogs are Guards (rulebook): the Flashbang subdues both, and
		// remembers each chit it flipped, so that only those get up again.
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			for _, kind := range []string{Guard, Dog} {
				for n.setActive(kind, false) {
					s.RoundSubdued++
					s.Flashbanged = append(s.Flashbanged, n.Hex+" "+kind)
				}
			}
		}
		s.discardItem(c, "Flashbang")
		res.Say("Flashbang: every Guard on or adjacent to %s is subdued until the end of the Event phase; the Flashbang is discarded.", c.Hex)
	case "whistle":
		s.DogWhistle = true
		res.Say("Dog Whistle: Dogs do not chase anyone for the rest of this Action phase.")
	case "radio":
		for _, o := range s.Chars {
			if !o.Busted {
				o.Tweaks++
			}
		}
		s.discardItem(c, "Radio")
		res.Say("Radio: every character may move one planning token one hex; the Radio is discarded.")
	case "npc special":
		c.Grant = 1
	case "item":
		if o.Source == "Cheap Picks" && c.Die >= 1 && c.Die <= 4 {
			s.discardItem(c, "Cheap Picks")
			res.Say("Cheap Picks break (die %d) and are discarded.", c.Die)
		}
	}
}

// endAction settles a character's Noise and Alerts when it finishes.
func (s *State) endAction(c *Character, res *engine.Result) {
	noise := c.Noise
	if c.has("item Perfect Picks") && c.ActionSrc == "Perfect Picks" && c.Unlocked && !c.Moved {
		res.Say("Perfect Picks: unlocked without moving, no Noise.")
		noise = 0
	}
	if c.has("item Safecracking Tools") && c.Cracked && c.OnlyCrack {
		res.Say("Safecracking Tools, SUSPENSFUL SILENCE: only safecracking this round, no Noise.")
		noise = 0
	}
	c.Done = true
	res.Say("%s ends the action: %d Noise, %s.", c.ref(), noise, engine.Plural(c.Alerts, "Alert", "Alerts"))
	s.addNoiseFor(noise, res)
	s.alerts(c.Alerts, res, "the action's Alert")
	c.Noise, c.Alerts = 0, 0
	c.Pool = Pool{}
}

// actionMoves lists a character's moves in the Action phase.
func (s *State) actionMoves(c *Character, ms *engine.Moves) {
	t := s.tile(c.Hex)
	if !s.EscapeInitiated {
		ms.Legal("escape now", func(res *engine.Result) {
			s.initiateEscape(c, res)
		})
	}
	if c.Action == "" {
		s.chooseActionMoves(c, ms)
		return
	}
	if s.explain {
		ms.RefuseFamily("take ", engine.Require(false, "You already took %s this round.", c.Action))
	}
	p := &c.Pool
	s.moveMoves(c, t, ms)
	s.unlockMoves(c, t, ms)
	s.subdueMoves(c, t, ms)
	if p.Idea > 0 {
		ms.Legal("idea", func(res *engine.Result) {
			p.Idea--
			c.Ideas++
			res.Say("%s gains an Idea (%d).", c.ref(), c.Ideas)
		})
	}
	if p.Reveal > 0 {
		s.revealMoves(c, &p.Reveal, ms)
	}
	if p.Loot > 0 {
		ms.Legal("loot", func(res *engine.Result) {
			p.Loot--
			c.OnlyCrack = false
			c.Cash++
			res.Say("%s loots $1k.", c.ref())
			s.secure(c, res)
		})
	}
	s.lootMoves(c, ms)
	s.abilityMoves(c, ms)
	s.freeAbilityMoves(c, ms)
	ms.Legal("done", func(res *engine.Result) { s.endAction(c, res) })
}

// chooseActionMoves lists the Actions a character may choose for its
// roll; nothing else of an Action may be done before one is chosen, only
// free moves (loot, free abilities).
func (s *State) chooseActionMoves(c *Character, ms *engine.Moves) {
	for _, o := range s.allActionChoices(c) {
		o := o
		if o.Cost > c.Ideas {
			// A paid Default Action the character cannot pay for
			// (MH-CHAR-06): refused with its price, never taken, so
			// Ideas never go below 0.
			ms.Add(o.Text, engine.Require(false, "%s costs %s and %s has %s.", o.Name, engine.Plural(o.Cost, "Idea", "Ideas"), c.Name, engine.Plural(c.Ideas, "Idea", "Ideas")), nil)
			continue
		}
		ms.Legal(o.Text, func(res *engine.Result) { s.takeAction(c, o, res) })
	}
	ms.RefuseFamily("take ", "That Action is not available for your roll (or you lack the Ideas).")
	ms.RefuseFamily("move ", "Choose an Action first (take ...).")
	ms.Add("done", "No passing: choose an Action first (take ...).", nil)
	s.lootMoves(c, ms)
	s.freeAbilityMoves(c, ms)
}

// unlockMoves lists what a character's Unlocks and Cracks open: adjacent
// Locks and the safe it stands on, or, given to a Plasma Torch user, the
// safe next to it.
func (s *State) unlockMoves(c *Character, t *Tile, ms *engine.Moves) {
	p := &c.Pool
	if p.Unlock > 0 {
		for _, n := range s.neighbours(t) {
			n := n
			if n.locked() {
				ms.Legal("unlock "+n.Hex, func(res *engine.Result) {
					p.Unlock--
					c.OnlyCrack = false
					c.Unlocked = true
					n.setActive(Lock, false)
					res.Say("%s unlocks %s.", c.ref(), n.Hex)
				})
			}
		}
		if t.has(TokSafe) && t.Cracks < t.SafeNeeds && s.canCrack(c) {
			ms.Legal("crack", func(res *engine.Result) {
				p.Unlock--
				s.crack(c, t, res)
			})
		}
	}
	if p.Unlock > 0 {
		// HERE... HOLD THIS: Unlocks given to a Plasma Torch user on the
		// safe crack it.
		for _, o := range s.Chars {
			if o == c || !o.onBoard() || !o.has("item Plasma Torch") {
				continue
			}
			safe := s.tile(o.Hex)
			if !safe.has(TokSafe) || safe.Cracks >= safe.SafeNeeds || !onOrAdjacent(t, safe) {
				continue
			}
			ms.Legal("hold this for "+lower(o.Name), func(res *engine.Result) {
				p.Unlock--
				res.Say("HERE... HOLD THIS: %s gives an Unlock to %s's Plasma Torch.", c.ref(), o.ref())
				s.crack(o, safe, res)
			})
		}
	}
	if p.Crack > 0 && t.has(TokSafe) && t.Cracks < t.SafeNeeds {
		ms.Legal("crack", func(res *engine.Result) {
			p.Crack--
			s.crack(c, t, res)
		})
	}
}

// subdueMoves lists the Guards and Cameras on or next to a character that
// its Subdues and Disables may take out.
func (s *State) subdueMoves(c *Character, t *Tile, ms *engine.Moves) {
	p := &c.Pool
	if p.Subdue > 0 {
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			n := n
			if n.guards() > 0 {
				ms.Legal("subdue "+n.Hex, func(res *engine.Result) {
					p.Subdue--
					c.OnlyCrack = false
					s.subdue(c, n, res)
				})
			}
		}
	}
	if p.Disable > 0 {
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			n := n
			if n.liveCamera() {
				ms.Legal("disable "+n.Hex, func(res *engine.Result) {
					p.Disable--
					c.OnlyCrack = false
					n.setActive(Camera, false)
					res.Say("%s disables the Camera on %s.", c.ref(), n.Hex)
				})
			}
		}
	}
}

// revealMoves lists Reveal targets: any unknown tile (MH-SUB-REVEAL-01);
// with none left, a chit is taken out of the bag (MH-SUB-REVEAL-02).
func (s *State) revealMoves(c *Character, n *int, ms *engine.Moves) {
	any := false
	for _, t := range s.Tiles {
		t := t
		if real(t) && t.Unknown {
			any = true
			ms.Legal("reveal "+t.Hex, func(res *engine.Result) {
				*n--
				c.OnlyCrack = false
				s.reveal(t, res)
				s.dogsChase(res)
			})
		}
	}
	if s.bagEmpty() && (s.hasAbility(c, "I KNOW A WAY") || s.teamHasAbility("WE KNOW A WAY")) {
		ms.Legal("reveal as idea", func(res *engine.Result) {
			*n--
			c.Ideas++
			res.Say("%s: the bag is empty, so the Reveal is an Idea (I KNOW A WAY).", c.ref())
		})
		return
	}
	if !any && !s.bagEmpty() {
		ms.Legal("reveal bag", func(res *engine.Result) {
			*n--
			kind := s.drawChit()
			s.BagRemoved++
			s.BagDrawn--
			res.Reveals = true
			res.Say("%s: no unknown tile is left, so a %s is taken out of the bag.", c.ref(), kind)
		})
	}
}

func (s *State) subdue(c *Character, n *Tile, res *engine.Result) {
	if !n.setActive(Guard, false) {
		n.setActive(Dog, false)
	}
	s.RoundSubdued++
	res.Say("%s subdues a Guard on %s.", c.ref(), n.Hex)
	if s.hasAbility(c, "ADRENALINE") {
		c.Ideas++
		res.Say("ADRENALINE: %s gains an Idea.", c.ref())
	}
}

// canCrack reports whether the character carries an Item that gives Crack.
func (s *State) canCrack(c *Character) bool {
	return c.has("item Safecracking Tools") || c.has("item Plasma Torch")
}

// crack adds one Crack to the safe (MH-CRACK-01..07); with Safecracking
// Tools the second Unlock of an action gives two Cracks.
func (s *State) crack(c *Character, t *Tile, res *engine.Result) {
	c.Cracked = true
	c.CrackUnlocks++
	n := 1
	if c.has("item Safecracking Tools") && c.CrackUnlocks == 2 {
		n = 2
	}
	t.Cracks += n
	if t.Cracks > t.SafeNeeds {
		t.Cracks = t.SafeNeeds
	}
	res.Say("%s cracks the safe on %s (%d/%d).", c.ref(), t.Hex, t.Cracks, t.SafeNeeds)
	if t.Cracks >= t.SafeNeeds {
		t.removeToken(TokSafe)
		t.Cash += t.SafeCash
		t.Loot = append(t.Loot, t.SafeLoot...)
		res.Say("The safe on %s opens: $%dk and %s.", t.Hex, t.SafeCash, strings.Join(t.SafeLoot, ", "))
		t.SafeCash, t.SafeLoot = 0, nil
	}
}

// cannotSubdue reports whether c may never Subdue: the Street Urchin's
// THERE ARE BETTER WAYS, or an NPC side that says so.
func (s *State) cannotSubdue(c *Character) bool {
	return s.hasAbility(c, "THERE ARE BETTER WAYS") || (c.NPC && strings.Contains(s.npcSide(c).Description, "Cannot :subdue:"))
}
