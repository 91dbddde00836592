package heist

import (
	"fmt"
	"sort"
	"strings"

	"casefile/engine"
)

// actionChoice is one Action a character may choose this round, with
// where it comes from and what it costs.
type actionChoice struct {
	Text    string
	Name    string
	Act     actionDef
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

func act(name string, subs ...string) actionDef { return actionDef{Name: name, Subs: subs} }

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

// options lists the Actions a character may choose now: its Default
// Actions, each Skill's action for the die (or a face reachable with Ideas),
// and the actions of carried Items (MH-ACTION-01).
func (s *State) actionChoices(c *Character) []actionChoice {
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
			if !t.Entrance && s.externalSide(t) {
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
			if c.used("Laser Burst") {
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
	// Keep the cheapest way to each distinct action, then name them.
	type key struct{ name, icons, special, src string }
	best := map[key]int{}
	var uniq []actionChoice
	for _, o := range raw {
		src := ""
		if o.Special == "bolt" {
			src = o.Source
		}
		k := key{o.Name, o.Act.icons(), o.Special, src}
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

func (s *State) adjacentLiveCamera(t *Tile) bool {
	for _, n := range s.neighbours(t) {
		if n.liveCamera() {
			return true
		}
	}
	return false
}

// takeAction commits a character to an option (MH-ACTION-03): Ideas paid,
// the die placed, the sub-actions ready.
func (s *State) takeAction(c *Character, o actionChoice, res *engine.Result) {
	c.Ideas -= o.Cost
	c.Action = o.Name
	c.ActionSrc = o.Source
	c.Pool = Pool{}
	c.Pool.add(o.Act)
	c.Noise += o.Act.count("noise")
	c.Alerts += o.Act.count("alert")
	if s.hasAbility(c, "EFFICIENT PICKER") {
		c.Picker = o.Act.count("unlock")
	}
	if s.hasAbility(c, "THERE ARE BETTER WAYS") || (c.NPC && strings.Contains(s.npcSide(c).Text, "Cannot :subdue:")) {
		// Cannot Subdue.
		c.Pool.Subdue = 0
	}
	c.OnlyCrack = true
	cost := ""
	if o.Cost > 0 {
		cost = fmt.Sprintf(", spending %d Idea(s)", o.Cost)
	}
	res.Say("%s rolled %d and takes %s %s (%s)%s.", c.ref(), c.Die, o.Name, o.Act.icons(), o.Source, cost)
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
		c.Used = append(c.Used, "Laser Burst")
	case "flashbang":
		t := s.tile(c.Hex)
		for _, n := range append([]*Tile{t}, s.neighbours(t)...) {
			for n.setActive(Guard, false) || n.setActive(Dog, false) {
				s.RoundSubdued++
			}
			s.Flashbanged = append(s.Flashbanged, n.Hex)
		}
		c.Loot, _ = removeString(c.Loot, "item Flashbang")
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
		c.Loot, _ = removeString(c.Loot, "item Radio")
		res.Say("Radio: every character may move one planning token one hex; the Radio is discarded.")
	case "npc special":
		c.Grant = 1
	case "item":
		if o.Source == "Cheap Picks" && c.Die >= 1 && c.Die <= 4 {
			c.Loot, _ = removeString(c.Loot, "item Cheap Picks")
			res.Say("Cheap Picks break (die %d) and are discarded.", c.Die)
		}
	}
}

// canEnter says whether a Move may go onto t, and why not.
func (s *State) canEnter(c *Character, from, t *Tile, escape bool) string {
	switch {
	case !real(t):
		return "it is not a tile"
	case t.locked():
		return "it is Locked"
	case t.remoteLocked():
		return "a Remote Lock closes it"
	case t.has(TokKeycardDoor):
		return "the Keycard Door is closed"
	}
	if escape {
		return ""
	}
	if from.remoteLocked() {
		return "you are imprisoned behind a Remote Lock"
	}
	if from.guards() > 0 && !c.ExitGuards {
		return "an unsubdued Guard on " + from.Hex + " holds you"
	}
	if !t.Entrance && !c.NPC && !t.planned(int(c.Seat)) {
		return "you have no planning token there"
	}
	return ""
}

// enter moves a character onto t with every consequence: a live Camera
// raises an Alert, Outdoors loot is secured, adjacent unknown tiles are
// revealed, Dogs chase, Servers open Remote Locks.
func (s *State) enter(c *Character, t *Tile, res *engine.Result) {
	res.Say("%s moves to %s.", c.ref(), t.Hex)
	c.Hex = t.Hex
	c.Moved = true
	if !t.Entrance {
		c.WentIn = true
	}
	if t.liveCamera() && !s.LoopFootage && s.Phase == PhaseAction {
		s.raiseAlert(res, fmt.Sprintf("%s walks into a live Camera on %s", c.ref(), t.Hex))
	}
	if t.Ideas > 0 {
		t.Ideas--
		c.Ideas++
		res.Say("%s picks up an Idea token left by The Architect.", c.ref())
	}
	s.secure(c, res)
	s.autoReveal(res)
	s.specialOnEnter(c, t, res)
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
	res.Say("%s ends the action: %d Noise, %d Alert(s).", c.ref(), noise, c.Alerts)
	s.addNoiseFor(noise, res)
	s.alerts(c.Alerts, res, "the action's Alert")
	c.Noise, c.Alerts = 0, 0
	c.Pool = Pool{}
}

// addNoiseFor adds Noise, letting the Diversion Artist's tokens absorb it.
func (s *State) addNoiseFor(n int, res *engine.Result) {
	for n > 0 && s.Diversion > 0 {
		s.Diversion--
		n--
		res.Say("BUY TIME: a Diversion Artist token is discarded instead of a Noise.")
	}
	s.addNoise(n, res)
}
