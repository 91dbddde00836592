// Package android implements Android (Fantasy Flight Games, 2008): 3–5
// detectives investigate a murder in New Angeles, on the Moon and up the
// Beanstalk over two weeks, each holding a secret guilty and innocent
// hunch, and the case closes by adding up the evidence on each suspect's
// sheet.
//
// This package holds the case of issue 18: the content as data, the
// setup, the day and its Time, movement, leads and evidence, hits and
// alibis, Lily Lockwell and Jimmy the Snitch, and the closing of the
// case; the twilight cards (first decks, light cards, dark cards in
// response, costs and Fights); and the story (story.go): the conspiracy
// puzzle wired in, plots and baggage, events, NPC favors and trauma.
// Issue 19 added the detectives' hero cards and full decks
// (hero_<slug>.go, deck_<slug>.go); CONTENT.md lists every gap. Where a game reaches a rule it cannot play yet
// it says so in the public log and records it in State.Skipped rather
// than pass over it in silence.
package android

import (
	"encoding/json"
	"fmt"
	"strconv"

	"casefile/engine"
)

// Game describes Android for the catalogue.
func Game() *engine.Game {
	return &engine.Game{
		ID:         "android",
		Name:       "Android",
		MinPlayers: 3,
		MaxPlayers: 5,
		Blurb:      "Detectives race to close a murder case in New Angeles while pursuing their own hunches.",
		Rules:      RulesText,
		Options: []engine.Option{
			{Key: "murder", Values: []string{"1", "2", "3", "random"}, Default: "random", Help: "which murder sheet: 1, 2, 3 or random"},
			{Key: "detectives", Values: []string{"random", "choose"}, Default: "random", Help: "choose: before the first turn every seat in seat order takes a detective (take rachel)"},
			{Key: "react", Values: reactValues, Default: "default", Help: "how long a dark-card window waits for the other players' answers: default (the server's reaction window), 10m, 30m or 2h"},
		},
		HiddenRoles: func(map[string]string) bool { return true },
		New: func(su engine.Setup) (engine.State, error) {
			if su.Players < 3 || su.Players > 5 {
				return nil, engine.Reject("Android is for 3–5 players, not %d.", su.Players)
			}
			murder := -1
			switch m := su.Options["murder"]; m {
			case "", "random":
			case "1", "2", "3":
				murder, _ = strconv.Atoi(m)
				murder--
			default:
				return nil, engine.Reject("murder=%s: choose 1, 2, 3 or random.", m)
			}
			choose := false
			switch d := su.Options["detectives"]; d {
			case "", "random":
			case "choose":
				choose = true
			default:
				return nil, engine.Reject("detectives=%s: choose random or choose.", d)
			}
			window, err := reactWindow(su.Options["react"])
			if err != nil {
				return nil, err
			}
			s := newState(su.Players, su.Seed, murder, choose)
			s.Twilight.Window = window
			if su.Options["hunches"] == "rotate" {
				// A test-only option, absent from Options so the platform
				// never passes it: the same deal with the hunches passed
				// one seat on, for enginetest.RoleInvariant.
				s.rotateHunches()
			}
			var res engine.Result
			s.advance(&res)
			s.Opening = append(s.Opening, res.Public...)
			return s, nil
		},
		Bot: botMove,
		Load: func(data []byte) (engine.State, error) {
			s := &State{}
			if err := json.Unmarshal(data, s); err != nil {
				return nil, fmt.Errorf("android: load: %w", err)
			}
			if s.Story.Puzzle != nil {
				// A snapshot whose puzzle the rules cannot reach is refused.
				if err := s.Story.Puzzle.Check(); err != nil {
					return nil, fmt.Errorf("android: load: conspiracy: %w", err)
				}
			}
			return s, nil
		},
	}
}

// RulesText is the /rules quick reference. Its paragraphs are the parts
// /rules shows one at a time, so each starts with its own heading.
const RulesText = `Android — quick reference (moves in brackets)
Options: murder=1|2|3|random picks the murder sheet; with detectives=choose each seat first takes a detective [take rachel]; react=10m|30m|2h sets how long a dark-card window waits for answers (default: the server's reaction window).

The detectives' hero cards (each detective has 12 light and 12 dark cards): Caprice Nisei's Sanity runs from Clear to Breaking, moved by cards; the first time it reaches Breaking, Descent into Madness becomes her plot. Floyd 2X3A7C keeps three Directives; cards break or mend them (a broken one gives guilt baggage), and his Director Haas favor pays for an override. Louis Blaine starts in a Bad Mood (1 Time less each turn); [call sara] spends a Sara favor and 1 Time to lift it, and his cards turn it either way. Rachel Beckmann draws 2 more cards at setup [draw light] [draw dark from floyd]; her Money ($0–$5,000, from $2,000) buys Time [hire cab] and comes from favors [sell street favor]; broke, she loses 1 Time a turn. Raymond Flint starts with a dropship pass; while Wrapped Up in Himself, no card gives him favors; each other player holds one of his Memory cards, secret and outside the hand, and on their own turn may [play memory]: Raymond takes a baggage of its word and the holder a reward.

Your turn: each day every detective takes a turn of 6 Time, starting with the first player and going clockwise. Actions cost 1 Time each: [move skyline-apartments] within your vehicle ruler's reach (3 Time into a restricted location without your warrant; ritzy locations give a free light card [free light], seedy ones a free dark card [free dark from raymond]); the Beanstalk one location at a time from the Root to Starport Kaguya; [dropship order-of-sol] spends a dropship pass to go anywhere; [follow up] a lead where you stand — the player on your right moves it [lead to city-hall], then you [place evidence] and put the token you drew in a live suspect's file [evidence vinnie] or face up [evidence vinnie faceup]; [draw light] or [draw dark from floyd] below your hand limit; [discard caprice-l03]; [get a jump] at the scene of the crime to become first player at the end of the day; [use humanity-labor on vinnie] a major location's ability once per round; [play caprice-l03] a light card of your own deck (1 Time, and dark shift by its cost; [play caprice-l01 on vinnie] when it names something; add "discarding" to lower the cost by discarding other cards, 1 each, or by 1 with a card of your current plot [discard floyd-d02] [lower cost] [pay]); [end turn].

Dark cards and Fights: after you move, follow up a lead, use an ability or play a light card, the players holding your dark cards may answer in secret [play caprice-d01] or [pass]: the first player, then clockwise, has priority, only one dark card is played, its player light shifts by its cost and spends no Time; then you may answer with one light card [play caprice-l03] or [no light card]. A window closes when everyone has answered, or when its time runs out (a silent seat passes). A Fight card's target chooses [light tactics] or [dark tactics].

Lily and Jimmy: entering Lily Lockwell's location costs 1 Time: turn up a face-down token [reveal vinnie physical 1] and send her on [lily to dome-council]. At Jimmy the Snitch's you may pay 1 Time to [jimmy look at floyd] or [jimmy peek at eve] in private, then send him on [jimmy to dust-bar]; or [pass jimmy].

The conspiracy: a followed-up lead may instead uncover the conspiracy: [reveal information] draws a piece from the pile by your hero marker, whose benefit you take [dark shift floyd] [favor street] [good baggage on rachel] (or [no shift] [no baggage]), then [place piece c4 r90] or [discard piece], then its bonus [move vinnie testimony to city-hall] [hit eve] [draw favor piece] or [no bonus]; [dig deeper] moves your marker to the next more valuable pile. Completing a row, column or diagonal gives a conspiracy token (4 VP); links to a group add 1 VP per favor of it, links to Haas-Bioroid or Jinteki 1 VP per such token.

Plots and events: plots gather good and bad baggage ([use castle-club good baggage on louis]); at the end of days 3 and 6 more good than bad resolves positively, anything else negatively, and each plot's ending scores its VP. General events come at the end of days 2, 4, 5 ([event skyline-apartments] uses a temporary ability first), the specific event at the start of week 2 ([flush out vinnie]). Trauma counters cost 1 VP each.

Closing the case: after day 6 of week 2 the case closes: strong files lose their lowest value, weak files their highest, alibis and surprise witnesses count −5 (+5 with a perjury), the highest live total is the murderer. A correct guilty hunch scores 15, each correct innocent hunch 5. Your hunches, hand and the evidence you know come to you by DM; /hand shows them again.`

// moves lists seat's moves now, each with the condition that makes it
// legal: the legal list and every refusal come from here.
func (s *State) moves(seat int) *engine.Moves {
	if ms := s.cache.Get(s.Moves, seat); ms != nil {
		return ms
	}
	ms := &engine.Moves{}
	top := s.Pending.Top()
	switch {
	case s.Over || top == nil || !top.Owes(engine.Seat(seat)):
	case top.Kind == PickDetective:
		s.pickMoves(seat, ms)
	case top.Kind == StepRachelDraw:
		s.rachelDrawMoves(seat, ms)
	case top.Kind == StepTurn:
		s.turnMoves(ms)
	case top.Kind == StepFreeDraw:
		s.freeDrawMoves(top, ms)
	case top.Kind == StepRelocate:
		s.relocateMoves(top, ms)
	case top.Kind == StepUseLead:
		s.useLeadMoves(top, ms)
	case top.Kind == StepPlaceEvidence:
		s.placeEvidenceMoves(top, ms)
	case top.Kind == StepLily:
		s.lilyMoves(ms)
	case top.Kind == StepMoveLily:
		s.moveSpecialMoves(true, ms)
	case top.Kind == StepJimmy:
		s.jimmyMoves(ms)
	case top.Kind == StepMoveJimmy:
		s.moveSpecialMoves(false, ms)
	case top.Kind == StepDarkWindow, top.Kind == StepPayCost, top.Kind == StepFight, top.Kind == StepLightResponse:
		s.twilightMoves(seat, top, ms)
	case storyStep(top.Kind):
		s.storyMoves(top, ms)
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

func (s *State) find(seat int, move string) (engine.Move, error) {
	ms := s.moves(seat)
	if m, ok := ms.Find(move); ok {
		return m, nil
	}
	if s.Over {
		return engine.Move{}, engine.Reject("The game is over.")
	}
	return engine.Move{}, engine.RefuseMove(s.Turn(), engine.Seat(seat), move, ms)
}

// Apply validates and applies a move; on error nothing changes.
func (s *State) Apply(seat engine.Seat, move string) (engine.Result, error) {
	var res engine.Result
	if choice, ok := engine.MatchLegal(s.StandingMoves(seat), move); ok {
		s.setStanding(int(seat), choice, &res)
		return res, nil
	}
	m, err := s.find(int(seat), move)
	if err != nil {
		return res, err
	}
	day, cur, turn := s.Day, s.Cur, s.turnSeat()
	m.Do(&res)
	s.Moves++
	s.advance(&res)
	if turn >= 0 && (s.Day != day || s.Cur != cur) {
		// A detective's turn is a phase of its own, so the table sees the
		// board after every turn and not only after every day; it comes
		// before the day it closed.
		res.Ended = append([]string{fmt.Sprintf("%s's turn", who(turn))}, res.Ended...)
	}
	return res, nil
}

// turnSeat is the seat whose turn is under way, or -1 (the draft, the
// close).
func (s *State) turnSeat() int {
	for _, d := range s.Pending.Items {
		if d.Kind == StepTurn {
			return s.active()
		}
	}
	return -1
}

// advance runs the automated steps until a seat owes a decision or the
// game ends: a turn whose Time is spent ends, the next turn starts, the
// day ends.
func (s *State) advance(res *engine.Result) {
	s.cache.Forget()
	for guard := 0; guard < 1000; guard++ {
		if s.Over {
			s.Pending.Items = nil
			return
		}
		top := s.Pending.Top()
		switch {
		case top == nil && s.Cur >= len(s.Order):
			s.endOfDay(res)
		case top == nil:
			s.startTurn(res)
		case top.Kind == StepTurn && s.Time <= 0:
			s.endTurn(res)
		default:
			return
		}
	}
	panic("android: advance does not settle")
}

// Outcome is nil until the case is closed.
func (s *State) Outcome() *engine.Outcome {
	if !s.Over || s.Close == nil {
		return nil
	}
	o := &engine.Outcome{Summary: s.Summary, Scores: map[engine.Seat]int{}}
	for _, w := range s.Close.Winners {
		o.Winners = append(o.Winners, engine.Seat(w))
	}
	for i, v := range s.Close.Scores {
		o.Scores[engine.Seat(i)] = v
	}
	return o
}

// Marshal serializes the whole state.
func (s *State) Marshal() ([]byte, error) { return json.Marshal(s) }

// SetupLog lists the public log lines of the deal.
func (s *State) SetupLog() []string { return append([]string(nil), s.Opening...) }

// who names a seat in a public line.
func who(seat int) string { return engine.SeatRef(engine.Seat(seat)) }

// skip records a rule the game reached but cannot play yet, in the public
// log and in Skipped.
func (s *State) skip(rule string, res *engine.Result) {
	s.Skipped = append(s.Skipped, fmt.Sprintf("day %d: %s", s.Day, rule))
	res.Say("Not implemented yet, passed over: %s.", rule)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
