// Package escapeplan implements Escape Plan: 1–5 criminals hide in a city
// crawling with police for three days, collect money, and try to escape
// through the one unblocked Exit. In 2-player games (and, by our choice,
// solo games) Sandra the Police Inspector plays as an automated third
// player.
package escapeplan

import (
	"encoding/json"
	"fmt"

	"casefile/engine"
)

// Game describes Escape Plan for the catalogue.
func Game() *engine.Game {
	return &engine.Game{
		ID:         "escape-plan",
		Name:       "Escape Plan",
		MinPlayers: 1,
		MaxPlayers: 5,
		Blurb:      "Three days to launder your loot and slip past the police; Sandra the Inspector joins 1–2 player games.",
		Rules:      RulesText,
		// 2: Asset tiles on board spaces, the Subway as written, Land
		// areas, Avoid against the officers still there (issue 13).
		RulesVersion: 2,
		Bot:          botMove,
		New: func(su engine.Setup) (engine.State, error) {
			if su.Players < 1 || su.Players > 5 {
				return nil, engine.Reject("Escape Plan is for 1–5 players, not %d.", su.Players)
			}
			s := newState(su.Players, su.Seed)
			var res engine.Result
			s.advance(&res)
			// What happened while the game was dealt (the day-1 Patrol
			// cards, an Exit they block) is public: kept for the platform.
			s.Opening = res.Public
			return s, nil
		},
		Load: func(data []byte) (engine.State, error) {
			s := &State{}
			if err := json.Unmarshal(data, s); err != nil {
				return nil, fmt.Errorf("escapeplan: load: %w", err)
			}
			return s, nil
		},
	}
}

// RulesText is the /rules quick reference.
const RulesText = `Escape Plan — quick reference (moves in brackets)
3 rounds (days), each: Income (not day 1; +$ by your Income track; below Notoriety 3 you may pay $3 to unlock an Asset [unlock …|pass]) → Patrol (2 cards, 1 on day 3; a 2nd card on a space blocks that Exit) → City (each player in order places a face-up City tile next to ≥2 tiles, matching a Land type if possible [place a2 at 4-3], then names its Business/Safe House [business casino]) → Turn Order (highest Notoriety first, ties reversed) → Player Action → Change of Round.
Player Action: 3 Required turns, then night and dawn for those who spend an Extra Action disc [extra action|pass]. On your turn REST once per round [rest: ready First Aid, Contacts, Equipment; unlock an Asset] or MOVE with 3 MP [go <place>, subway <tile>, fly <place> from a Heliport, gas], then [stop] on a Location other than where you began.
Costs: Location→street 1, street→Location 1; a tile has up to 2 Land areas [go s1 uptown]: changing Land type 1 (inside a tile or across a side), same type 0; Subway ride 0, +1 MP when you step off the station you rode to; Heliport flight 1 MP up to 2 tiles; Water only with a Ferry in that body of water, a Jet Ski or Scuba Gear.
Avoid: every officer (and Sandra, any colour you like) on each tile you left [avoid red on b2 with vest | avoid all on b2 with fast car | take wounds]; a 4th Wound heals one and Handcuffs your rightmost open Contact space (discarding what lies there); with none left you are ARRESTED. Locked Asset tiles sit on the rightmost Item and Contact spaces until unlocked.
Visit: Business (once each; cube + Income if on your Escape Plan; Contact; closes after 2 visits, 3 with 4–5 players; closed needs a Key [visit with green key]); Store [take gas | buy vest | open green locker with key | done]; Church [pay 1 lose notoriety | unlock … | done] + Contact; Gang [hire gang] $5 for 2 Gang Members; Safe House (once each; cube, -1 Notoriety, [take key …], [buy <fixer>]); Exit [take income | take exit tile (blocked Exit) | escape (day 3, unblocked Exit)] + Contact; Clinic [unlock … | heal | done] + Contact; Hospital [heal 1|2|3 for $1/$3/$6], +1 Notoriety. Other players (and Sandra) at the Location: +1 Notoriety each.
Contacts [contact take 3 medic, then contact keep | contact replace 2 … | contact discard]. Executive Actions any time on your turn [first aid, contact <card>, fixer <tile>, asset red|blue|black|heal|extra, gang lose notoriety, gang fly (Helipad, 1 MP)].
Notoriety (0–12) is updated after every turn; thresholds above 3, 6 and 9 unlock Assets (1, 2, 1 + a disc) and every player lower on the track moves an officer closer to you [officer red b2, then to c1]. At the top, each further gain is a Wound.
Once anyone escapes, others pay $1 per turn or are ARRESTED. Players still in the city when day 3 ends are ARRESTED (our reading of the rules). Score: Escape Plan cubes ($15 on your card, $4 otherwise) + money + $10 per used Asset + Contacts ($0/5/15/30/60/100) + Locker and Exit tiles − Notoriety penalty − $20 per Wound; arrested players score 0.
Not implemented: nothing from the rules summary is left out; where the rules are silent, the readings above are our choices.`

// moves lists seat's moves now, each with the condition that makes it
// legal: the legal list and every refusal come from here.
func (s *State) moves(seat int) *engine.Moves {
	if ms := s.cache.Get(s.Moves, seat); ms != nil {
		return ms
	}
	ms := &engine.Moves{}
	top := s.Pending.Top()
	switch {
	case s.Over || top == nil || seatOf(top) != seat:
		// seat owes nothing now
	case isTurnStep(top.Kind):
		s.turnMoves(ms)
	default:
		s.decisionMoves(top, ms)
	}
	s.cache.Put(s.Moves, seat, ms)
	return ms
}

// Legal lists the canonical moves of seat.
func (s *State) Legal(seat engine.Seat) []string { return s.moves(int(seat)).Texts() }

// Check validates a move without changing the state.
func (s *State) Check(seat engine.Seat, move string) error {
	_, err := s.find(int(seat), move)
	return err
}

// find is the legal move of seat that move names.
func (s *State) find(seat int, move string) (engine.Move, error) {
	ms := s.moves(seat)
	if m, ok := ms.Find(move); ok {
		return m, nil
	}
	return engine.Move{}, s.refuse(seat, move, ms)
}

// refuse explains why move is not legal: the condition it failed, or that
// no such move exists now, and what is legal instead.
func (s *State) refuse(seat int, move string, ms *engine.Moves) error {
	if s.Over {
		return engine.Reject("The game is over.")
	}
	return engine.RefuseMove(s.Turn(), engine.Seat(seat), move, ms)
}

// Apply validates and applies a move; on error nothing changes.
func (s *State) Apply(seat engine.Seat, move string) (engine.Result, error) {
	var res engine.Result
	m, err := s.find(int(seat), move)
	if err != nil {
		return res, err
	}
	s.revealed = false
	m.Do(&res)
	s.Moves++
	s.advance(&res)
	res.Reveals = res.Reveals || s.revealed
	return res, nil
}

// Outcome is nil until the game is over.
func (s *State) Outcome() *engine.Outcome {
	if !s.Over || s.Result == nil {
		return nil
	}
	o := &engine.Outcome{Summary: s.Result.Summary, Scores: map[engine.Seat]int{}}
	for _, w := range s.Result.Winners {
		o.Winners = append(o.Winners, engine.Seat(w))
	}
	for i, sc := range s.Result.Scores {
		o.Scores[engine.Seat(i)] = sc
	}
	return o
}

// Marshal serializes the whole state.
func (s *State) Marshal() ([]byte, error) { return json.Marshal(s) }

// StandInMove plays for an absent player: the first legal move that ends
// the current decision quickly (pass, done, end, take wounds), else the
// first legal move.
func (s *State) StandInMove(seat engine.Seat, r *engine.Rand) string {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return ""
	}
	pref := []string{"pass", "end", "done", "stop", "take wounds", "skip visit", "contact discard", "return tile"}
	for _, p := range pref {
		for _, m := range legal {
			if m == p {
				return m
			}
		}
	}
	return legal[r.Intn(len(legal))]
}

// SetupLog lists the public log lines of the game's creation: what happened
// between the deal and the first decision (the day-1 Patrol cards and any
// Exit they block, the City phase opening). New runs these steps inside
// game creation, where no Result reaches the platform, so the platform
// should post these lines with the game's start message (after
// Game.New, if the State has a SetupLog() []string method) and add them
// to the public log. The lines never change once the game is dealt.
func (s *State) SetupLog() []string { return append([]string(nil), s.Opening...) }
