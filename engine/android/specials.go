package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Lily Lockwell and Jimmy the Snitch (AN-LILY, AN-JIMMY). A detective
// entering Lily's location must spend 1 Time if he has any, turns one
// face-down evidence token face up, and moves her on; one entering
// Jimmy's may spend 1 Time to look at another player's cards or peek at
// every face-down token on one suspect, and then moves him on. Both go to
// a location of the same type in another district, never onto each other.

// The decisions of Lily and Jimmy.
const (
	// StepLily: choose the token Lily turns face up.
	StepLily engine.DecisionKind = "lily"
	// StepJimmy: pay Jimmy 1 Time for a look, or pass him by.
	StepJimmy engine.DecisionKind = "jimmy"
	// StepMoveLily and StepMoveJimmy: where the character goes next.
	StepMoveLily  engine.DecisionKind = "move lily"
	StepMoveJimmy engine.DecisionKind = "move jimmy"
)

// meetings lists what entering location to owes the active player: Lily
// there (AN-LILY-01/02: the Time is spent now, if there is any), Jimmy
// there (AN-JIMMY-01).
func (s *State) meetings(seat, to int, res *engine.Result) []Decision {
	var out []Decision
	if to == s.Lily {
		paid := "she costs no Time, none being left"
		if s.Time > 0 {
			s.spend(1)
			paid = "1 Time"
		}
		res.Say("%s meets Lily Lockwell at %s (%s).", who(seat), Locations[to].Name, paid)
		if len(s.faceDown()) > 0 {
			out = append(out, s.seatDecision(StepLily, seat, s.faceDown()[0], Detail{}))
		} else {
			res.Say("No evidence lies face down: Lily has nothing to reveal.")
		}
		out = append(out, s.seatDecision(StepMoveLily, seat, "", Detail{}))
	}
	if to == s.Jimmy && s.Time > 0 {
		out = append(out, s.seatDecision(StepJimmy, seat, "pass jimmy", Detail{}))
	}
	for i := range out {
		if out[i].Kind == StepMoveLily {
			out[i].Default = "lily to " + Locations[s.specialDestinations(s.Lily, s.Jimmy)[0]].Slug
		}
	}
	return out
}

// faceDown lists the face-down evidence tokens on the sheets as the texts
// that name them in moves: "reveal vinnie physical 2" (the second token of
// Vinnie's physical file).
func (s *State) faceDown() []string {
	var out []string
	for _, sus := range s.Suspects {
		for f, file := range sus.Files {
			for k, e := range file {
				if !e.FaceUp() {
					out = append(out, fmt.Sprintf("reveal %s %s %d", sus.Def().Slug, Files[f], k+1))
				}
			}
		}
	}
	return out
}

func (s *State) lilyMoves(ms *engine.Moves) {
	for i := range s.Suspects {
		sus := &s.Suspects[i]
		for f := range sus.Files {
			for k := range sus.Files[f] {
				e := &sus.Files[f][k]
				if e.FaceUp() {
					continue
				}
				f := f
				ms.Legal(fmt.Sprintf("reveal %s %s %d", sus.Def().Slug, Files[f], k+1), func(res *engine.Result) {
					s.Pending.Pop()
					e.Shown = EvidencePool[e.Token].String()
					res.Say("Lily Lockwell reports it: %s's %s file holds %s.", sus.Def().Name, Files[f], e.Shown)
					res.Reveals = true
				})
			}
		}
	}
	ms.RefuseFamily("reveal ", "Lily turns up a face-down token: name a suspect, a file and the token's place in it, as listed")
}

// specialDestinations lists where Lily or Jimmy may go from at: a
// location of the same type in another district, not the other
// character's location (AN-LILY-04…06, AN-JIMMY-04…06). Should no other
// district have one, any other location of the type will do [ours].
func (s *State) specialDestinations(at, other int) []int {
	var out, any []int
	for to, l := range Locations {
		if to == at || to == other || l.Type != Locations[at].Type {
			continue
		}
		any = append(any, to)
		if l.District != Locations[at].District {
			out = append(out, to)
		}
	}
	if len(out) == 0 {
		return any
	}
	return out
}

func (s *State) moveSpecialMoves(lily bool, ms *engine.Moves) {
	seat := s.active()
	at, other, name, word := s.Jimmy, s.Lily, "Jimmy the Snitch", "jimmy"
	if lily {
		at, other, name, word = s.Lily, s.Jimmy, "Lily Lockwell", "lily"
	}
	for _, to := range s.specialDestinations(at, other) {
		to := to
		ms.Legal(word+" to "+Locations[to].Slug, func(res *engine.Result) {
			s.Pending.Pop()
			if lily {
				s.Lily = to
			} else {
				s.Jimmy = to
			}
			res.Say("%s sends %s to %s.", who(seat), name, Locations[to].Name)
		})
	}
	ms.RefuseFamily(word+" to ", engine.Cond(fmt.Sprintf("%s goes to another %s location in a district other than %s, and not where %s is", name, Locations[at].Type, Locations[at].District, otherName(lily))))
}

func otherName(lily bool) string {
	if lily {
		return "Jimmy the Snitch"
	}
	return "Lily Lockwell"
}

func (s *State) jimmyMoves(ms *engine.Moves) {
	seat := s.active()
	then := func() {
		s.Pending.Pop()
		s.spend(1)
		d := s.seatDecision(StepMoveJimmy, seat, "jimmy to "+Locations[s.specialDestinations(s.Jimmy, s.Lily)[0]].Slug, Detail{})
		s.Pending.Push(d)
	}
	for o := range s.Dets {
		if o == seat {
			continue
		}
		o := o
		ms.Legal("jimmy look at "+s.Dets[o].Def().Slug, func(res *engine.Result) {
			then()
			var cards []string
			for _, c := range s.Dets[o].Hand {
				cards = append(cards, cardLabel(c.Card))
			}
			res.Say("%s pays Jimmy the Snitch 1 Time to look at %s's cards.", who(seat), who(o))
			res.Note(engine.Seat(seat), "Jimmy shows you %s's cards: %s.", who(o), listOr(cards))
			res.Reveals = true
		})
	}
	for i := range s.Suspects {
		i := i
		sus := &s.Suspects[i]
		ms.Add("jimmy peek at "+sus.Def().Slug, engine.Require(!sus.Dead, "%s is dead", sus.Def().Name), func(res *engine.Result) {
			then()
			var seen []string
			for f := range sus.Files {
				for k := range sus.Files[f] {
					e := &sus.Files[f][k]
					if e.FaceUp() {
						continue
					}
					if !e.knows(engine.Seat(seat)) {
						e.KnownTo = append(e.KnownTo, engine.Seat(seat))
					}
					seen = append(seen, fmt.Sprintf("%s %d: %s", Files[f], k+1, EvidencePool[e.Token]))
				}
			}
			res.Say("%s pays Jimmy the Snitch 1 Time to peek at %s's face-down evidence.", who(seat), sus.Def().Name)
			res.Note(engine.Seat(seat), "Jimmy lets you see %s's face-down evidence: %s.", sus.Def().Name, orNone(seen))
			res.Reveals = true
		})
	}
	ms.Legal("pass jimmy", func(res *engine.Result) { s.Pending.Pop() })
	ms.RefuseFamily("jimmy ", engine.Cond("Jimmy shows you another player's cards (jimmy look at …) or a live suspect's face-down evidence (jimmy peek at …): "+s.liveNames()))
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, "; ")
}
