package heist

import (
	"fmt"

	"casefile/engine"
)

// Noise and Alerts (MH-NOISE-*): Noise moves the marker, a marked slot or a
// Noise past the last raises an Alert, and an Alert discards the deck's
// top card.

// addNoiseFor adds Noise, letting the Diversion Artist's tokens absorb it.
func (s *State) addNoiseFor(n int, res *engine.Result) {
	for n > 0 && s.Diversion > 0 {
		s.Diversion--
		n--
		res.Say("BUY TIME: a Diversion Artist token is discarded instead of a Noise.")
	}
	s.addNoise(n, res)
}

// raiseAlert discards the top Event card (MH-SUB-ALERT-01, MH-EVENT-02);
// Crises are never discarded (MH-CRISIS-03).
func (s *State) raiseAlert(res *engine.Result, why string) {
	s.normalizeDeck()
	if len(s.Deck) == 0 {
		res.Say("Alert (%s): the Event deck is empty.", why)
		return
	}
	top := s.Deck[0]
	s.Deck = s.Deck[1:]
	s.Discard = append(s.Discard, top)
	s.LastEvent, s.LastUsed = top, false
	res.Say("Alert (%s): Event %s discarded.", why, s.cardName(top))
	s.normalizeDeck()
}

// alerts raises n Alerts for why.
func (s *State) alerts(n int, res *engine.Result, why string) {
	for i := 0; i < n; i++ {
		s.raiseAlert(res, why)
	}
}

// addNoise moves the Noise marker; reaching an Alert slot, or any Noise past
// the final slot, raises an Alert (MH-NOISE-01..03).
func (s *State) addNoise(n int, res *engine.Result) {
	for i := 0; i < n; i++ {
		if s.Noise.Level >= s.Noise.Final {
			s.raiseAlert(res, "noise past the last slot")
			continue
		}
		s.Noise.Level++
		for _, a := range s.Noise.Alerts {
			if a == s.Noise.Level {
				s.raiseAlert(res, fmt.Sprintf("noise reached %d", a))
			}
		}
	}
}
