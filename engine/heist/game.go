// Package heist is the rules engine of Masters of the Heist (rulebook
// version 24.0): a cooperative crime game for 3 or 4 characters, played with
// simultaneous Planning and Action phases, Events and Crises, an Escape, and
// a campaign carried between heists on one server. Card and scenario data
// come from the content subpackage.
package heist

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"casefile/engine"
)

// Game is Masters of the Heist as a game of the catalogue.
func Game() *engine.Game {
	l := theLib()
	var slugs []string
	for _, sc := range l.Scenarios {
		slugs = append(slugs, sc.Slug)
	}
	return &engine.Game{
		ID:               "masters-of-the-heist",
		Name:             "Masters of the Heist",
		MinPlayers:       1,
		MaxPlayers:       4,
		Seating:          "1–4 people running 3–4 characters",
		DescribeCampaign: DescribeCampaign,
		// 2: characters are built in the Crew step before Planning.
		// 3: issue 13 — the same moves now mean other things: ANGER THERAPY
		// fires when the Escape begins (not at the call), an AUTOPWN grant
		// survives the target's Action, the Shop counts copies, the Lucky
		// Penny stays with no Idea to lose, Laser Burst is once per heist
		// for the card, MOVING TARGET moves Guards one hex, Camouflage hides
		// without escaping, the Bookie pays twice the stake.
		// 4: issue 13, the rest of the heist items — a Flashbang gets up
		// only the chits it subdued (Dogs too, not under PRESSURE POINTS);
		// the Beat Cop names Guards and Dogs (`beat cop 1 guard 1 dog`); the
		// Prison Guard works wherever anyone starts inside; an active NPC
		// counts as a character for Events, the Watchtower Sweep and
		// Servers; a character behind a Remote Lock makes no Escape Move
		// until a Server opens it; the team chooses BREACH's side; the Skill
		// a level 2 upgrades is the player's choice; players name their new
		// characters (name <name>); The Dark Horse Job gets its item hex and
		// Kennel, two item hexes their Safecracking Tools.
		// 5: issue 13 — a paid Default Action (DART, BOLT, AUTOPWN,
		// EXPLOIT, LOOP FOOTAGE, REWIRE, BREACH) is legal only with the
		// Ideas it costs, and refused with its price otherwise.
		RulesVersion: 5,
		Seats:        seats,
		Options: []engine.Option{
			{Key: "characters", Values: []string{"3", "4"}, Help: "how many characters the crew has (default: the number of people, at least 3); one person may run several"},
			{Key: "scenario", Values: slugs, Default: slugs[0], Help: "which heist to play"},
		},
		Blurb: "Cooperative heists in River City: plan together, act simultaneously, escape before the alarm (3–4 characters).",
		Rules: rulesText(),
		New:   newGame,
		Load:  load,
		Bot:   Bot,
	}
}

// seats maps a lobby of people to characters: characters=3|4, by default
// the number of people if at least 3, else 3.
func seats(people int, options map[string]string) (int, error) {
	if people < 1 || people > 4 {
		return 0, engine.Reject("Masters of the Heist is for 1–4 people; %d have joined.", people)
	}
	n := people
	if n < 3 {
		n = 3
	}
	if v, ok := options["characters"]; ok && v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || (k != 3 && k != 4) {
			return 0, engine.Reject("characters must be 3 or 4, not %q.", v)
		}
		if k < people {
			return 0, engine.Reject("%d people cannot share %d characters: choose characters=4 or fewer people.", people, k)
		}
		n = k
	}
	return n, nil
}

// newGame deals a heist for the platform: the scenario option, 3 or 4
// characters, and the campaign carried from the server's last heist.
func newGame(setup engine.Setup) (engine.State, error) {
	l := theLib()
	slug := setup.Options["scenario"]
	if slug == "" {
		slug = l.Scenarios[0].Slug
	}
	sc := l.scenario(slug)
	if sc == nil {
		return nil, engine.Reject("There is no scenario %q.", slug)
	}
	n := setup.Players
	if n < 3 || n > 4 {
		return nil, engine.Reject("A heist is played by 3 or 4 characters, not %d.", n)
	}
	var camp *Campaign
	if len(setup.Campaign) > 0 {
		var err error
		if camp, err = loadCampaign(setup.Campaign); err != nil {
			return nil, err
		}
	}
	s, err := newState(l, sc, n, setup.Seed, camp, setup.Owners)
	if err != nil {
		return nil, err
	}
	if camp != nil {
		s.Camp = camp
	}
	return s, nil
}

// rulesText is the /rules quick reference, with what is not implemented.
func rulesText() string {
	var b strings.Builder
	b.WriteString(`Masters of the Heist — quick reference (rulebook v24.0)

Cooperative, 3–4 characters (one person may run several). Everything is public except the order of draws from the Security bag.

CREW (everyone at once, before Planning): each seat is dealt a character (its own named character in a campaign). Keep it with crew done, or take another: play <name> (a named character of the campaign), or build a new one with character <card> (an Amateur card of a class nobody else has) then skill <skill> twice (two different Amateur Skills the box still has copies of; rebuild drops it). A new character starts at your player level; level up to <card> picks the other Pro card of a step. You may change your mind until you say crew done.

PLANNING (everyone at once): plan <hex> places a planning token (up to your Planning Memory; Entrances need none), unplan <hex>, start <entrance> (at most 2 per Entrance), tunnel <hex> where the scenario allows, buy <item> with team cash, fixer abilities (visage reveal <hex>, hire shell, connoisseur, beat cop 2 guards / 1 guard 1 dog …, prison guard, bet Nk, buy time), then plan done.

EACH ROUND
1. Roll: the bot rolls every die, in public.
2. Action (everyone at once, in any order, interleaved): take <action> — your Default Actions, each Skill's action for your die, or a face Ideas reach (1 Idea per step, wrapping 6↔1), or an Item's action. Then its sub-actions, one per move: move <hex> (adjacent, planned by you or an Entrance, not Locked; an unsubdued Guard on your hex holds you; a live Camera raises an Alert), unlock <hex>, subdue <hex>, disable <hex>, idea, reveal <hex>, loot, crack. pick up / drop loot at any time. Noise and Alerts of the action count when you say done. escape now starts the Escape after this round's Event phase. No passing.
   Moving next to an unknown Security tile reveals it. Guard Dogs jump onto adjacent characters.
3. Event: the top Event card, then every queued Crisis in order. Crises are set aside the moment they reach the top; Alerts never discard them.
Team choices: when a Guard Dog could jump onto characters on several hexes, when a Dog from the Kennel could end its run on several hexes, when Release the Hounds! has ties for the nearest 3 characters, when Guard Locks Himself In has more than 3 hexes, when characters tie for nearest to a lone Hostage (SQUIRRELY), or when BREACH could open its Exit on several external sides, play stops until any one of you answers: dog chases <character>, dog runs to <hex>, dog goes for <character>, lock guard <hex>, squirrely <character>, breach <hex>. SQUIRRELY's own cost is its character's player's call: lose idea or cause 2 noise (no Idea: 2 Noise, nothing asked).
Fumble the Loot: each piece of loot the objective does not need goes to an adjacent hex with no Guard of your choice: fumble <thing> to <hex>, or fumble to <hex> for all of it.
Noise tracker: 12 slots per character (3 characters: 36, 4: 48), an Alert on every 4th slot; each Noise past the last slot raises an Alert.

ESCAPE (after Sound the Alarm / Full Lockdown, or when called): every chit is revealed, gates are removed. move <hex> costs 1 Escape Move (+1 per unsubdued Guard left behind), paid with leftover Ideas or the Last Ditch roll (last ditch); Locks and Remote Locks are impassable; give up means Busted. Loot on a Busted character is lost.

CAMPAIGN (per server): every person has a player level, 1 when new, +1 after every heist they play (max 4). In the Crew step you may play a named character of your level or lower (play <name>) or build a new one (character <card>, then skill <skill> twice) and name it (name <name>), which starts at your level (level up to <card> picks the other Pro card of a step, or at level 2 the other Skill's). Every character played levels up after the heist (2: a Skill of your choice, 3: the Character, 4: the other Skill); in the next Crew step level up to <card> picks another outcome of that step. Busted characters sit in jail: County breakouts bring them in to escape; in The Greedy Prisoner and The Safehouse Rescue the Prisoner is a jailed crew member (rescue <name> picks who), free once the Prisoner gets out. The Final Score: Part 2 goes on from Part 1: those who hid start on Part 2's hideout in the same column, with their Ideas; newcomers come in through an Entrance.

`)
	missing := notImplemented()
	if len(missing) == 0 {
		b.WriteString("NOT IMPLEMENTED YET: nothing; every rule and card of the box is played.\n")
		return b.String()
	}
	b.WriteString("NOT IMPLEMENTED YET:\n")
	for _, line := range missing {
		b.WriteString("- " + line + "\n")
	}
	return b.String()
}

// notImplemented lists, in plain words, the rules and card effects the
// engine does not play yet.
func notImplemented() []string {
	l := theLib()
	var out []string
	var ev []string
	for _, code := range sortedCardCodes(l) {
		if !implementedCards[code] {
			ev = append(ev, fmt.Sprintf("%s %s", code, l.Cards[code].Name()))
		}
	}
	if len(ev) > 0 {
		out = append(out, "Events: "+strings.Join(ev, ", ")+".")
	}
	return out
}

func sortedCardCodes(l *lib) []string {
	var out []string
	for code := range l.Cards {
		out = append(out, code)
	}
	// Numbers first, in order, then letters.
	sortCodes(out)
	return out
}

func sortCodes(codes []string) {
	key := func(c string) string {
		if n, err := strconv.Atoi(c); err == nil {
			return fmt.Sprintf("0%03d", n)
		}
		return "1" + c
	}
	sort.Slice(codes, func(i, j int) bool { return key(codes[i]) < key(codes[j]) })
}
