package android

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The detective draft (option detectives=choose, AN-SETUP-09 "selects"):
// after the part of the deal that needs no detective, every seat in seat
// order takes one free detective ("take rachel"); the rest of the deal
// follows the last pick. Each pick is a decision, so the log replays it;
// the default, the first free detective in sheet order, keeps a game going
// when a seat is away.

// PickDetective: a seat of a drafting table takes a detective.
const PickDetective engine.DecisionKind = "pick detective"

// PhaseSetup names the draft's phase.
const PhaseSetup = "Setup"

// detectiveTaken reports whether a seat already holds detective i.
func (s *State) detectiveTaken(i int) bool {
	return slices.ContainsFunc(s.Dets, func(d Det) bool { return d.Detective == i })
}

// freeDetectives are the detectives no seat holds, in sheet order.
func (s *State) freeDetectives() []int {
	var out []int
	for i := range Detectives {
		if !s.detectiveTaken(i) {
			out = append(out, i)
		}
	}
	return out
}

// freeDetectivesText lists the free detectives with their reach and
// starting location, for the prompt.
func (s *State) freeDetectivesText() string {
	var parts []string
	for _, i := range s.freeDetectives() {
		d := Detectives[i]
		parts = append(parts, fmt.Sprintf("take %s (%s, ruler %.1f, starts at %s)", d.Slug, d.Name, d.Ruler, Locations[mustLoc(d.Start)].Name))
	}
	return strings.Join(parts, "; ")
}

// pushPick asks seat to take a detective.
func (s *State) pushPick(seat int) {
	def := "take " + Detectives[s.freeDetectives()[0]].Slug
	s.Pending.Push(Decision{Kind: PickDetective, Mode: engine.Sequential, Seats: []engine.Seat{engine.Seat(seat)}, Phase: PhaseSetup, Default: def})
}

// pickMoves: "take <detective>" for each detective; a taken one is
// refused with the ones still free.
func (s *State) pickMoves(seat int, ms *engine.Moves) {
	var free []string
	for _, i := range s.freeDetectives() {
		free = append(free, Detectives[i].Slug)
	}
	for i, d := range Detectives {
		i := i
		ms.Add("take "+d.Slug, engine.Require(!s.detectiveTaken(i), "%s is taken; free: %s", d.Name, strings.Join(free, ", ")), func(res *engine.Result) {
			s.Dets[seat].Detective = i
			res.Say("%s takes %s.", who(seat), Detectives[i].Name)
			s.Pending.Pop()
			if seat+1 < s.NPlayers {
				s.pushPick(seat + 1)
				return
			}
			s.finishDeal(res)
			if top := s.Pending.Top(); top != nil && top.Kind == StepRachelDraw {
				// With Rachel at the table, setup ends after her
				// extra draws (hero_rachel.go).
				top.Resume = ResumeEndSetup
				return
			}
			res.EndPhase(PhaseSetup)
		})
	}
	ms.RefuseFamily("take", engine.Cond("No such detective; free: "+strings.Join(free, ", ")))
}
