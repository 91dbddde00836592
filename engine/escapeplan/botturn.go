package escapeplan

import (
	"strings"
)

// The bot's own turn: Rest or Move, the steps of a Move, Avoid, the Visit
// menus and Executive Actions (see bot.go).

func (b *brain) turnScore(m string) float64 {
	if v, ok := b.execScore(m); ok {
		return v
	}
	switch b.top.Kind {
	case RestOrMove, Moving:
		return b.moveScore(m)
	case Avoid:
		return b.avoidScore(m)
	case Visit:
		return b.visitScore(m)
	}
	return 0 // end
}

// moveScore values REST, "stay", the escape from where the pawn stands,
// "stop" and each step by the best Location it leads to.
func (b *brain) moveScore(m string) float64 {
	switch m {
	case "rest":
		return b.restValue()
	case "stay":
		return 0
	case "escape":
		return 500
	case "stop":
		return b.locValue(b.p.At)
	}
	return b.stepValues(b.t.MP)[m]
}

// restValue is what resting is worth: readying used cards and tiles, the
// First Aid token and an Asset tile; never when day 3 leaves no time.
func (b *brain) restValue() float64 {
	if b.mustHeadOut() {
		return never
	}
	p := b.p
	v := 3.0
	if len(p.locked()) > 0 {
		v += 9
	}
	for _, c := range p.Contacts {
		if c.Card >= 0 && c.Used {
			v += 2
		}
	}
	for _, it := range p.Items {
		if it.Kind == "equipment" && it.Used {
			v += 3
		}
	}
	if !p.FirstAid && p.Wounds > 0 {
		v += 8
	}
	return v
}

// execScore values the Executive Actions; ok is false for other moves.
func (b *brain) execScore(m string) (float64, bool) {
	f := strings.Fields(m)
	switch f[0] {
	case "first", "gas", "contact", "fixer", "asset", "gang":
	default:
		return 0, false
	}
	if m == "first aid" {
		return doNow + 5, true
	}
	if m == "gas" || m == "contact gas can" {
		return b.gasValue(), true
	}
	if strings.HasSuffix(m, " fly") {
		price := 5.0 // a Gang Member or the Motorcycle
		if m == "contact gang fly" {
			price = 8
		}
		return b.flightValue(1, price), true
	}
	if strings.HasSuffix(m, " lose notoriety") {
		return b.loseNotorietyValue(f[0]), true
	}
	name := strings.Join(f[1:], " ")
	switch f[0] {
	case "contact":
		return b.contactUse(name), true
	case "fixer":
		return b.fixerUse(name), true
	case "asset":
		return b.assetUse(name), true
	}
	return never, true
}

// avoidThreat reports whether an officer of colour must be avoided now.
func (b *brain) avoidThreat(colour string) bool {
	if b.top.Kind != Avoid {
		return false
	}
	for _, th := range b.t.Threats {
		if th.Who == colour {
			return true
		}
	}
	return false
}

// effectValue is the worth of one effect shared by Contacts, Fixers and
// Assets, before what using it costs.
func (b *brain) effectValue(e string) float64 {
	p, s := b.p, b.s
	switch e {
	case effectDisc:
		if s.Round == 3 && s.TurnNo >= RequiredTurns {
			return never
		}
		return 150
	case effectIncome:
		return doNow
	case effectNotoriety:
		if b.projected() > 3 || (b.escapeNow && b.projected() > 0) {
			return 120
		}
		return never
	case effectHeal:
		if p.Wounds > 0 && !p.FirstAid {
			return doNow
		}
		if p.Wounds > 1 {
			return doNow
		}
		return never
	case effectContact:
		if b.freeContactSpaces() > 0 {
			return 150
		}
		return never
	case effectRefresh:
		n := 0
		for _, c := range p.Contacts {
			if c.Card >= 0 && c.Used {
				n++
			}
		}
		for _, it := range p.Items {
			if it.Kind == "equipment" && it.Used {
				n++
			}
		}
		if n >= 2 {
			return 120
		}
		return never
	case effectUnlock:
		return 150
	}
	return never
}

// moveEffectValue values a flight or a Water pass that costs price: what
// the best Move then reaches, when that beats walking.
func (b *brain) moveEffectValue(e string, price float64) float64 {
	best := never
	switch e {
	case effectFly:
		return b.flightValue(0, price)
	case effectWater:
		for _, w := range b.s.cityTiles() {
			if CityTiles[w].Land == Water && !b.s.canEnterWater(w, b.t.Water) {
				best = max(best, b.waterValue(w)-price)
			}
		}
	}
	if best > b.bestMove(b.t.MP) {
		return best
	}
	return never
}

// contactUse values using a ready Contact card as an Executive Action.
func (b *brain) contactUse(name string) float64 {
	var k ContactKind
	for _, c := range ContactDeck {
		if c.Name == name {
			k = c
		}
	}
	cost := float64(k.Cost)
	if k.Star {
		cost += 3
	}
	if e, ok := contactEffects[k.Effect]; ok {
		if e == effectFly || e == effectWater {
			if !b.canSpend(k.Cost) {
				return never
			}
			return b.moveEffectValue(e, cost)
		}
		if !b.canSpend(k.Cost) && !(b.escapeNow && k.Cost <= b.p.Money-b.s.EscapeCost()) {
			return never
		}
		if e == effectNotoriety && k.Star {
			return never // a Gang card's own star cancels it
		}
		return b.effectValue(e) - cost
	}
	switch k.Effect {
	case "bribe", "snitch":
		if b.avoidThreat(k.Colour) && b.canSpend(k.Cost) {
			return 20 - cost
		}
		if k.Effect == "snitch" && b.nearOfficer(k.Colour) && b.canSpend(k.Cost) {
			return 60
		}
		if k.Effect == "bribe" && b.top.Kind == RestOrMove && b.canSpend(k.Cost) && b.onMyTile(k.Colour) &&
			b.officerCost(colourIndex(k.Colour)) > 20 {
			return 60 // sent away before the Move leaves this tile
		}
		return never
	case "medevac":
		if v := b.locValue(hospLoc) - b.riskOf(b.myTile()); b.p.Wounds > 0 && v > b.bestMove(b.t.MP) {
			return v
		}
		return never
	case "sewer":
		if !b.canSpend(k.Cost) {
			return never
		}
		best := never
		for _, e := range b.s.sewerTargets(b.p) {
			best = max(best, b.landingValue(e.to, b.t.MP-e.cost))
		}
		if best-cost > b.bestMove(b.t.MP) {
			return best - cost
		}
		return never
	}
	return never
}

// onMyTile reports whether an officer of colour stands on the bot's tile.
func (b *brain) onMyTile(colour string) bool {
	t := b.myTile()
	return t >= 0 && b.s.Tiles[t].Officers[colourIndex(colour)]
}

// nearOfficer reports whether an officer of colour is on the bot's tile
// or next to it.
func (b *brain) nearOfficer(colour string) bool {
	c := colourIndex(colour)
	for _, t := range b.s.cityTiles() {
		if b.s.Tiles[t].Officers[c] && b.tileDistFromMe(t) <= 1 {
			return true
		}
	}
	return false
}

func (b *brain) fixerUse(name string) float64 {
	if e, ok := fixerEffects[name]; ok {
		if e == effectFly || e == effectWater {
			// A Fixer tile is worth nothing once the game ends: it is
			// used as soon as it does not make the Move worse.
			return b.moveEffectValue(e, 0)
		}
		return b.effectValue(e) - 1
	}
	return never
}

// assetUse: every used Asset tile scores $10, so the bot uses one whenever
// its effect does no harm and the money is there.
func (b *brain) assetUse(name string) float64 {
	i := b.p.asset(name)
	if i < 0 {
		return never
	}
	price := AssetPrices[i]
	if !b.canSpend(price) && !(b.escapeNow && price <= b.p.Money-b.s.EscapeCost()) {
		return never
	}
	gain := 10 - float64(price)
	switch name {
	case "red", "blue", "black":
		if b.avoidThreat(name) {
			return 30 + gain
		}
		return 100 + gain
	case "heal":
		if b.p.Wounds > 0 {
			return doNow + gain
		}
	case AssetExtra:
		return b.effectValue(effectDisc) + gain
	}
	return never
}

// loseNotorietyValue values a Gang ability used to lose Notoriety: with
// Gang Members, only in the penalty zone or on the way out; the Gang card
// and the Motorcycle give it too.
func (b *brain) loseNotorietyValue(by string) float64 {
	if by == "contact" {
		return never // its star gives the point back
	}
	if by == "fixer" {
		return b.effectValue(effectNotoriety)
	}
	if b.projected() > 3 && len(b.p.Gang) > 1 || b.escapeNow && b.projected() > 0 {
		return 110
	}
	return never
}

func (b *brain) freeContactSpaces() int {
	n := 0
	for i := range b.p.Contacts {
		if b.p.contactFree(i) {
			n++
		}
	}
	return n
}

// avoidScore values each way to avoid officers; taking the Wounds is the
// last resort.
func (b *brain) avoidScore(m string) float64 {
	if m == "take wounds" {
		return -25 * float64(len(b.t.Threats))
	}
	f := strings.Fields(m) // avoid <who> on <tile> with <tool>
	if len(f) < 6 {
		return 0
	}
	tile := tileIndex[f[3]]
	tool := strings.Join(f[5:], " ")
	n := 0
	for _, th := range b.t.Threats {
		if th.Tile == tile && (f[1] == "all" || th.Who == f[1] || th.Who == "sandra") {
			n++
		}
	}
	if f[1] != "all" {
		if tool == "boxer" || tool == "fight" || tool == "ninja" {
			if !b.canSpend(2) {
				return b.shortOfMoney()
			}
			return 20*float64(n) - 5
		}
		n = 1
	}
	cost := map[string]float64{
		"vest": 2, "hat": 2, "helmet": 2, "gas mask": 2.5, "stunt": 4, "fast car": 6, "gang card": 5,
		"skateboard": 3, "motorcycle": 4, "gang member": 5,
	}[tool]
	money := map[string]int{"stunt": 1, "fast car": 3, "gang card": 2}[tool]
	if tool == "avoid asset" {
		money = AssetPrices[b.p.asset("avoid")]
		cost = float64(money) - 10
	}
	if !b.canSpend(money) {
		return b.shortOfMoney()
	}
	return 20*float64(n) - cost
}

// shortOfMoney scores an avoid tool the reserve cannot pay for: on day 3
// the money is the way out, worth more than any Wound; before, a little
// of it may go.
func (b *brain) shortOfMoney() float64 {
	if b.s.Round == 3 {
		return 2 * never
	}
	return -30
}

// visitScore values the options of a Visit menu.
func (b *brain) visitScore(m string) float64 {
	p := b.p
	f := strings.Fields(m)
	switch {
	case m == "done", m == "skip visit":
		return 0
	case m == "escape":
		return 50
	case strings.HasPrefix(m, "visit with "):
		if f[2] == "master" {
			return 30 + 10 - float64(AssetPrices[p.asset("master key")])
		}
		return 30
	case m == "take gas":
		if p.Gas < MaxGas {
			return 5
		}
		return 0
	case strings.HasPrefix(m, "buy "):
		return b.buyValue(strings.TrimPrefix(m, "buy "))
	case strings.HasPrefix(m, "open "):
		v := 40.0
		if f[4] == "master" {
			v += 5
		}
		return v + float64(keyIndex(f[1]))
	case m == "pay 1 lose notoriety":
		if b.projected() > 0 && b.canSpend(1) {
			return 5
		}
		return 0
	case strings.HasPrefix(m, "unlock "):
		return 20 + unlockPriority(strings.TrimPrefix(m, "unlock "))
	case m == "hire gang":
		if b.canHire() {
			return 10
		}
		return never
	case strings.HasPrefix(m, "take key "):
		c := f[2]
		v := 10 - float64(LockerRequirement[c])/2
		if b.lockerSum() >= LockerRequirement[c] {
			v += 5
		}
		return v
	case m == "take income":
		if b.escapeNow {
			return 60
		}
		return 20
	case m == "take exit tile":
		return 18 + 2*float64(p.contactCount())
	case m == "heal":
		return 30
	case strings.HasPrefix(m, "heal "):
		n := float64(f[1][0] - '0')
		return 20*n - []float64{0, 1, 3, 6}[int(n)]
	}
	return 0
}

// lockerSum is the bot's Notoriety plus Contact cards: what opening a
// Locker needs.
func (b *brain) lockerSum() int { return b.p.Notoriety + b.p.contactCount() }

// buyValue values buying Equipment at a Store or the Fixer tile on top of
// a Safe House's stack: only with room and money to spare.
func (b *brain) buyValue(name string) float64 {
	p := b.p
	if len(p.Items) >= p.itemRoom() {
		return never
	}
	for _, e := range EquipmentTypes {
		if e.Name != name {
			continue
		}
		if !b.canSpend(e.Price) {
			return never
		}
		n := 0
		for _, it := range p.Items {
			if it.Kind == "equipment" {
				n++
				if it.Name == name {
					return never
				}
			}
		}
		if n >= 3 {
			return never
		}
		v := 8.0 - float64(n)
		if name == "gas mask" {
			v++
		}
		return v
	}
	price := fixerPrice(name)
	if !b.canSpend(price) {
		return never
	}
	return 6
}
