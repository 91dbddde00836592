package heist

import "slices"

// botWaitNoise is what a Noise point costs a waiting character (see
// waitNoise) over the usual 0.7. Priced 1, 1.5, 2 and 3 more, The Startup
// Job won 1, 4, 4 and 2 of 40 heists on seeds 1–20 (2 before) and 1, 2,
// 3 and 1 on seeds 21–40 (2 before).
const botWaitNoise = 2.0

// waitNoise is what each Noise point of an Action costs c over the usual
// price while c waits on the crew's chain (issue 14's eighth round,
// second wave): the objective's loot is still shut in a safe or behind a
// Keycard Door, a teammate is the link the crew waits on (chainLink), and
// c has no job or its job lies behind a Keycard Door still shut
// (behindDoor). Such a character can do nothing for the objective until
// the door opens, and every Noise it makes meanwhile brings an Alert, and
// with it the end of the Event deck, nearer. Before, The Startup Job's
// Burglar (3 characters, seed 15), whose job was the Documents behind
// b2, walked up to c3 next to the door and subdued Guards there, 9 Noise
// in all, and the deck ended in round 8 before the door opened; now it
// takes its Ideas on the Entrance (1 Noise), the deck lasts to round 12
// and the Street Urchin carries the Documents out.
func (b *botMind) waitNoise(c *Character) float64 {
	s := b.s
	if c != b.c || c.NPC || s.Phase != PhaseAction || b.critical(c) || b.chainLink(c) {
		return 0
	}
	if j := b.myJob(); j != nil && !b.behindDoor(*j) {
		return 0
	}
	for _, o := range s.Chars {
		if o != c && o.onBoard() && !o.NPC && b.chainLink(o) {
			return botWaitNoise
		}
	}
	return 0
}

// chainLink reports whether the crew waits on c to open the objective:
// its loot is still shut in a safe or behind a Keycard Door, and c holds
// what cracks the safe or the Keycard, or its job is to fetch them, open
// the door or take them on from a teammate.
func (b *botMind) chainLink(c *Character) bool {
	s := b.s
	kind, need := b.wanted()
	if c.NPC || !c.onBoard() || kind == "" || b.held(kind) >= need {
		return false
	}
	shut := false
	for _, t := range s.Tiles {
		if real(t) && (t.has(TokSafe) && t.Cracks < t.SafeNeeds && slices.Contains(t.SafeLoot, kind) || t.has(TokKeycardDoor)) {
			shut = true
			break
		}
	}
	if !shut {
		return false
	}
	if s.canCrack(c) || c.has(Keycard) {
		return true
	}
	if j := b.other(c).myJob(); j != nil {
		switch j.What {
		case "tools", "keycard", "door", "relay":
			return true
		}
	}
	return false
}

// behindDoor reports whether loot job j's hex can be reached from the
// Entrances only through a Keycard Door.
func (b *botMind) behindDoor(j botJob) bool {
	s := b.s
	g := s.tile(j.Hex)
	if j.What != "loot" || g == nil {
		return false
	}
	open := func(t *Tile) bool { return !t.has(TokKeycardDoor) }
	path, _ := b.route(s.entrances(), func(t *Tile) bool { return t == g }, open, false)
	return path == nil
}
