package heist

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The answers to the team's and players' choices (decisions.go says when
// they are asked and what resumes after).

// chooser names who answered, for the log.
func chooser(c *Character) string {
	if c == nil {
		return "the engine (nobody left to choose)"
	}
	return c.ref()
}

// choiceMoves lists the answers to the waiting choice; c answers for the
// team (nil when nobody is left to).
func (s *State) choiceMoves(c *Character) *engine.Moves {
	var ms engine.Moves
	d := s.choice()
	if d == nil {
		return &ms
	}
	ch := &d.Data
	switch d.Kind {
	case choiceChase:
		from := s.tile(ch.Hex)
		for _, h := range ch.Options {
			to := s.tile(h)
			for _, t := range s.charsOn(to) {
				t := t
				ms.Legal("dog chases "+lower(t.Name), func(res *engine.Result) {
					s.answered()
					res.Say("%s chooses: the Guard Dog on %s chases %s.", chooser(c), from.Hex, t.ref())
					s.chase(from, to, t, res)
					s.dogsChase(res)
					s.settled(res)
				})
			}
		}
	case choiceRun:
		k := s.tile(ch.Hex)
		for _, h := range ch.Options {
			to := s.tile(h)
			ms.Legal("dog runs to "+to.Hex, func(res *engine.Result) {
				s.answered()
				res.Say("%s chooses where the Guard Dog runs: %s.", chooser(c), to.Hex)
				s.dogArrives(k, to, res)
				s.settled(res)
			})
		}
	case choiceHound:
		s.houndAnswers(c, ch, &ms)
	case choiceLock:
		s.lockAnswers(c, ch, &ms)
	case choiceSquirrely, choiceSquirrelyCost:
		s.squirrelyAnswers(c, d, &ms)
	case choiceBreach:
		s.breachAnswers(c, ch, &ms)
	}
	if s.explain {
		s.choiceRefusals(d, &ms)
	}
	return &ms
}

// houndAnswers lists the characters a hound of Release the Hounds! may go
// for; the choice stays open until every tied place is filled.
func (s *State) houndAnswers(c *Character, ch *Question, ms *engine.Moves) {
	for _, seat := range ch.Chars {
		t := s.char(seat)
		ms.Legal("dog goes for "+lower(t.Name), func(res *engine.Result) {
			res.Say("%s chooses: a hound goes for %s.", chooser(c), t.ref())
			s.Hounds = append(s.Hounds, int(t.Seat))
			ch.Chars = slices.DeleteFunc(slices.Clone(ch.Chars), func(x engine.Seat) bool { return x == t.Seat })
			ch.Left--
			if ch.Left > 0 && !s.houndsDiffer(ch.Chars) {
				// The rest all stand on one hex: any of them is the same.
				for _, x := range ch.Chars[:ch.Left] {
					s.Hounds = append(s.Hounds, int(x))
				}
				ch.Left = 0
			}
			if ch.Left > 0 {
				return
			}
			s.answered()
			s.houndsChosen(res)
			s.settled(res)
		})
	}
}

// lockAnswers lists the hexes that may get one of Guard Locks Himself
// In's Locks; the choice stays open until every Lock is placed.
func (s *State) lockAnswers(c *Character, ch *Question, ms *engine.Moves) {
	for _, h := range ch.Options {
		t := s.tile(h)
		ms.Legal("lock guard "+t.Hex, func(res *engine.Result) {
			res.Say("%s chooses %s for a Lock.", chooser(c), t.Hex)
			s.lockGuard(t, res)
			ch.Options, _ = removeString(slices.Clone(ch.Options), t.Hex)
			ch.Left--
			if ch.Left > 0 && len(ch.Options) <= ch.Left {
				for _, o := range ch.Options {
					s.lockGuard(s.tile(o), res)
				}
				ch.Left = 0
			}
			if ch.Left > 0 {
				return
			}
			s.answered()
			s.settled(res)
		})
	}
}

// squirrelyAnswers lists who suffers SQUIRRELY among the tied, then what
// it costs that character.
func (s *State) squirrelyAnswers(c *Character, d *decision, ms *engine.Moves) {
	ch := &d.Data
	switch d.Kind {
	case choiceSquirrely:
		for _, seat := range ch.Chars {
			t := s.char(seat)
			ms.Legal("squirrely "+lower(t.Name), func(res *engine.Result) {
				s.answered()
				res.Say("%s chooses: SQUIRRELY falls on %s.", chooser(c), t.ref())
				s.squirrelyHits(t, res)
				s.settled(res)
			})
		}
	case choiceSquirrelyCost:
		t := s.char(d.Seats[0])
		ms.Legal("lose idea", func(res *engine.Result) {
			s.answered()
			t.Ideas--
			res.Say("SQUIRRELY: %s loses an Idea (%d left).", t.ref(), t.Ideas)
			s.settled(res)
		})
		ms.Legal("cause 2 noise", func(res *engine.Result) {
			s.answered()
			res.Say("SQUIRRELY: %s causes 2 Noise.", t.ref())
			s.addNoise(2, res)
			s.settled(res)
		})
	}
}

// breachAnswers lists the external sides BREACH may open the new Exit on
// (`breach <hex>`, the new Exit's name).
func (s *State) breachAnswers(c *Character, ch *Question, ms *engine.Moves) {
	from := s.tile(ch.Hex)
	by := s.char(ch.Chars[0])
	for _, p := range s.breachSides(from) {
		p := p
		if !slices.Contains(ch.Options, breachLabel(p)) {
			continue
		}
		ms.Legal("breach "+breachLabel(p), func(res *engine.Result) {
			s.answered()
			res.Say("%s chooses where BREACH opens the new Exit: %s.", chooser(c), breachLabel(p))
			s.placeBreach(by, p, res)
			s.settled(res)
		})
	}
}

// choiceRefusals explains, for a refusal only, an answer the waiting
// choice does not allow, and any other move: the choice comes first.
func (s *State) choiceRefusals(d *decision, ms *engine.Moves) {
	head := fmt.Sprintf("The team must first decide %s; any one of you may answer.", s.question(d))
	if d.Mode == engine.Sequential {
		head = fmt.Sprintf("%s's player must first decide %s.", s.char(d.Seats[0]).ref(), s.question(d))
	}
	ms.RefuseFamily("", engine.Cond(head))
	ch := &d.Data
	for _, c := range s.onBoardChars() {
		name := lower(c.Name)
		switch d.Kind {
		case choiceChase:
			ms.Add("dog chases "+name, engine.Require(false, "%q is not a character next to the Guard Dog on %s (off the Entrances). %s", name, ch.Hex, head), nil)
		case choiceHound:
			ms.Add("dog goes for "+name, engine.Require(false, "%q is not one of the characters tied for nearest to the Kennel. %s", name, head), nil)
		case choiceSquirrely:
			ms.Add("squirrely "+name, engine.Require(false, "%q is not one of the characters tied for nearest to the %s. %s", name, s.npcName(), head), nil)
		}
	}
	if d.Kind == choiceBreach {
		ms.RefuseFamily("breach ", engine.Cond(fmt.Sprintf("BREACH opens the new Exit on an empty cell next to %s outside the building: %s. %s", ch.Hex, strings.Join(ch.Options, ", "), head)))
	}
	for _, t := range s.Tiles {
		switch d.Kind {
		case choiceRun:
			ms.Add("dog runs to "+t.Hex, engine.Require(false, "The Dog cannot end its run on %s: it walks up to 3 hexes along a shortest path toward its target and stops once it can chase. %s", t.Hex, head), nil)
		case choiceLock:
			ms.Add("lock guard "+t.Hex, engine.Require(false, "%s is not a hex left with an unsubdued Guard next to a character. %s", t.Hex, head), nil)
		}
	}
}
