package escapeplan

import (
	"slices"
	"strconv"
	"strings"

	"casefile/engine"
)

// The bot (engine.Game.Bot): an automated player that plays to win from
// what its seat may see. It gets the seat's own view, a copy of the state
// redacted for that seat (other players' money, plans and tiles, every
// deck order and the generator are zeroed), and scores each legal move by
// hand-written rules of thumb in $k, the unit of the final score. It
// never applies a move to its copy: it reads the board through the same
// read-only helpers the rules use (movement steps, tile distances, the
// Visit menus' conditions). Exact ties are broken with r, and r varies
// its pick of Contact card a little (every card counts the same at the
// end); r is its only randomness, so a game played by bots replays from
// its seed and log.
//
// The policy in short:
//   - Moving: every Location reachable with the MP left (and with Gas, a
//     flight, the Sewer, a Jet Ski) is valued for what its Visit gives this
//     player (a cube on an Escape Plan target, a Contact card while a space
//     is free, a Locker it can open, healing), less the Wounds the officers
//     on the tiles left would cost given the avoid tools in hand; the first
//     step of the best way there is taken.
//   - It rests when no Move is worth more than readying its cards and an
//     Asset tile, keeps money for the Escape Cost, uses Assets (each used
//     one scores $10), avoids with the cheapest tool, and on day 3 heads
//     for the unblocked Exit early enough to reach it, takes Income there
//     and escapes.
func botMove(view engine.View, legal []string, r *engine.Rand) string {
	if len(legal) == 0 {
		return ""
	}
	v, ok := view.(*View)
	if !ok || v.State == nil || v.Viewer < 0 || int(v.Viewer) >= len(v.State.Players) {
		return engine.Pick(r, legal)
	}
	b := newBrain(v.State, int(v.Viewer), legal, r)
	if b == nil {
		return engine.Pick(r, legal)
	}
	var best []int
	bestV := 0.0
	for i, m := range legal {
		sc := b.score(m)
		switch {
		case len(best) == 0 || sc > bestV+1e-9:
			best, bestV = []int{i}, sc
		case sc > bestV-1e-9:
			best = append(best, i)
		}
	}
	if len(best) == 1 {
		return legal[best[0]]
	}
	return legal[best[r.Intn(len(best))]]
}

// brain is one decision of the bot: the seat's view and what it knows.
type brain struct {
	s     *State
	seat  int
	p     *Player
	top   *Decision
	t     *TurnState
	plan  EscapePlan
	legal []string
	r     *engine.Rand
	// escapeNow is set when "escape" is legal: the last moves in the city.
	escapeNow bool
	moveCache map[int]float64
	edges     map[int][]edge
	routes    map[string]float64
	distExit  []int
}

func newBrain(s *State, seat int, legal []string, r *engine.Rand) *brain {
	top := s.Pending.Top()
	if top == nil || seatOf(top) != seat {
		return nil
	}
	b := &brain{s: s, seat: seat, p: &s.Players[seat], top: top, plan: planByTitle(s.Players[seat].Plan), legal: legal, r: r}
	if d := s.turnDecision(); d != nil && seatOf(d) == seat {
		b.t = d.Data.Turn // the bot's own turn, not another player's
	}
	b.escapeNow = slices.Contains(legal, "escape")
	return b
}

// Scores of the bot's scale: above any Move is "do it now", below zero
// is "never unless nothing else".
const (
	doNow = 200.0
	never = -200.0
)

// reserve is the money the bot keeps for what is still to pay: on day 3
// the Escape Cost (and $1 a turn once someone has escaped).
func (b *brain) reserve() int {
	s := b.s
	switch s.Round {
	case 1:
		return 2
	case 2:
		return 6
	}
	return b.escapeMoney()
}

// escapeMoney is what the bot may still need to get out on day 3: the
// Escape Cost should every other player still in the city escape first,
// and $1 for each turn left once anyone has escaped.
func (b *brain) escapeMoney() int {
	s := b.s
	ahead := s.Escaped
	for i := range s.Players {
		if i != b.seat && s.Players[i].active() {
			ahead++
		}
	}
	c := EscapeCosts[s.Side]
	return c[min(ahead, len(c)-1)] + b.turnsLeft()
}

// canSpend reports whether paying n leaves the reserve.
func (b *brain) canSpend(n int) bool { return b.p.Money-n >= b.reserve() }

// projected is the Notoriety the marker will show after this turn's cubes.
func (b *brain) projected() int { return b.p.Notoriety + b.p.Red - b.p.Blue }

func (b *brain) score(m string) float64 {
	switch b.top.Kind {
	case PlaceTile:
		return b.placeScore(m)
	case NameBusiness, NameSafeHouse:
		name := m[strings.LastIndex(m, " ")+1:]
		if planValue(b.plan, name) == PlanTargetValue {
			return 10
		}
		return 0
	case UnlockAsset:
		if m == "pass" {
			if b.canSpend(3) {
				return 0
			}
			return 50
		}
		return unlockPriority(strings.TrimPrefix(m, "unlock "))
	case JoinTurn:
		if m == "extra action" && (b.s.Escaped == 0 || b.p.Money > 2) {
			return 10
		}
		return 0
	case MovePolice:
		return b.policeScore(m)
	case SnitchOfficer:
		f := strings.Fields(m)
		return -float64(b.tileDistFromMe(tileIndex[f[len(f)-1]]))
	case TakeContact:
		return b.contactScore(m)
	case KeepTile:
		i, _ := strconv.Atoi(strings.TrimPrefix(m, "keep "))
		if d := b.top.Data.Drawn; i >= 1 && i <= len(d) {
			return float64(d[i-1].Value)
		}
		return 0
	case MakeSpace:
		return b.makeSpaceScore(m)
	case GroupBonus:
		// An Extra Action disc is one more turn: worth more than an Asset
		// tile early, unless the set is the Safe Houses, whose unlock
		// comes with Income.
		if m == "bonus extra action" {
			if b.s.Round < 3 && b.top.Data.Reason == "business" {
				return 12
			}
			return 5
		}
		if len(b.p.locked()) > 0 {
			return 10
		}
		return 0
	case FlyTo:
		return b.landingValue(b.nodeNamed(strings.TrimPrefix(m, "fly to ")), b.t.MP-b.top.Data.N)
	case SewerTo:
		n := b.nodeNamed(strings.TrimPrefix(m, "sewer to "))
		c := 0
		if n >= 0 && nodeLand(n) != nodeLand(b.p.At) {
			c = 1
		}
		return b.landingValue(n, b.t.MP-c)
	case CrossWater:
		return b.waterValue(tileIndex[strings.TrimPrefix(m, "water ")])
	case DiscardContact:
		f := strings.Fields(m)
		return -cardValue(strings.Join(f[3:], " "))
	}
	if b.t != nil && isTurnStep(b.top.Kind) {
		return b.turnScore(m)
	}
	return 0
}

// unlockPriority orders the Asset tiles to unlock: the bottom row first,
// since each frees a Contact space (Contact cards score up to $100k), then
// the police tiles, which free a tile space.
func unlockPriority(a string) float64 {
	switch a {
	case "avoid":
		return 10
	case "heal":
		return 9
	case "master key":
		return 8
	case "black":
		return 6
	case "blue":
		return 5.5
	}
	return 5
}

// cardValue is what a Contact card is worth to the bot beside the count
// that scores: how useful its effect is.
func cardValue(name string) float64 {
	switch name {
	case "general store":
		return 8
	case "fixer", "spy 3", "fast car":
		return 6
	case "informer", "spy 1", "stunt", "boxer", "fight", "ninja":
		return 5
	case "gang", "gas can", "medic", "bribe red", "bribe blue", "rally black", "snitch red", "snitch blue", "snitch black", "spy 2":
		return 4
	case "sewer", "chopper", "medevac", "jet ski":
		return 3
	}
	return 2
}

// contactScore: take the most useful card; keep it when a space is free,
// else replace a weaker card only if the gain beats the Notoriety.
func (b *brain) contactScore(m string) float64 {
	f := strings.Fields(m)
	switch {
	case strings.HasPrefix(m, "contact take "):
		// Every card counts the same at the end: the bot varies its
		// pick a little (from r), so that its games see every card.
		return cardValue(strings.Join(f[3:], " ")) + float64(b.r.Intn(5))
	case m == "contact keep":
		return 100
	case strings.HasPrefix(m, "contact replace "):
		return cardValue(ContactDeck[b.top.Data.Card].Name) - cardValue(strings.Join(f[3:], " ")) - 4
	}
	return 0
}

// itemValue is what keeping tile it is worth.
func itemValue(it Item) float64 {
	switch {
	case it.Secret != nil:
		return float64(it.Secret.Value)
	case it.Kind == "fixer" && it.Used:
		return 0
	}
	return 4
}

func (b *brain) makeSpaceScore(m string) float64 {
	if m == "return tile" {
		return 0
	}
	d := b.top.Data
	nv := 4.0
	if d.Keep != nil {
		nv = float64(d.Keep.Value)
	}
	i, _ := strconv.Atoi(strings.Fields(m)[2])
	if i < 1 || i > len(b.p.Items) {
		return never
	}
	return nv - itemValue(b.p.Items[i-1]) - 4
}

// myTile is the tile the bot's pawn stands on, or -1.
func (b *brain) myTile() int {
	if b.p.At < 0 {
		return -1
	}
	return nodeTile(b.p.At)
}

// tileDistFromMe is the distance between t and the bot's tile, 0 when
// either is not in the city.
func (b *brain) tileDistFromMe(t int) int {
	me := b.myTile()
	if me < 0 || t < 0 || !b.s.inCity(me) || !b.s.inCity(t) {
		return 0
	}
	return b.s.tileDist(me, t)
}

// placeScore: a tile with officers goes far from the bot, a tile with a
// Location it wants goes near.
func (b *brain) placeScore(m string) float64 {
	f := strings.Fields(m) // place <tile> at <slot>
	t := tileIndex[f[1]]
	slot := slotNamed(f[3])
	me := b.myTile()
	if me < 0 || slot < 0 {
		return 0
	}
	d := float64(slotDist(b.s.Tiles[me].Slot, slot))
	officers := 0
	for _, o := range b.s.Tiles[t].Officers {
		if o {
			officers++
		}
	}
	good := 0.0
	for _, l := range tileLocs[t] {
		switch locDef[l].Kind {
		case Business, SafeHouse, Store, Exit:
			good += 2
		}
	}
	return d*float64(officers) - d*good*0.5
}

func slotNamed(name string) int {
	for slot := 0; slot < GridCols*GridRows; slot++ {
		if SlotName(slot) == name {
			return slot
		}
	}
	return -1
}

// nodeNamed is the node whose canonical name is name, or -1.
func (b *brain) nodeNamed(name string) int {
	for n := 0; n < nodeCount(); n++ {
		if b.s.NodeName(n) == name {
			return n
		}
	}
	return -1
}

// policeScore: an officer moved by choice leaves the bot's surroundings
// (during Avoid, one it must avoid); an officer it must move toward
// another player is one far from it, and it lands far from it.
func (b *brain) policeScore(m string) float64 {
	f := strings.Fields(m)
	if f[0] == "to" {
		return float64(b.tileDistFromMe(tileIndex[f[1]]))
	}
	from := tileIndex[f[2]]
	if b.t != nil && b.s.turnStep() == Avoid {
		for _, th := range b.t.Threats {
			if th.Tile == from && th.Who == f[1] {
				return 50
			}
		}
	}
	if b.top.Data.Target >= 0 {
		return float64(b.tileDistFromMe(from))
	}
	return -float64(b.tileDistFromMe(from))
}
